import { LOCALES, type Locale } from '@suanli/contract';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInterfaceSettings } from '../stores/interface-settings-store';

/** Each language named in itself, short enough for a phone's header; `lang` lets a screen reader say it right. */
const NAMES: Record<Locale, { short: string; lang: string }> = {
  'zh-CN': { short: '中文', lang: 'zh-CN' },
  'en-US': { short: 'EN', lang: 'en' },
};

/** Switches between zh-CN and en-US; the choice persists with the interface settings (spec §3). */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const language = useInterfaceSettings((state) => state.appLanguage);
  const setLanguage = useInterfaceSettings((state) => state.setLanguage);
  const options = LOCALES.map((locale) => ({
    value: locale,
    label: (
      <span data-testid={`lang-option-${locale}`} lang={NAMES[locale].lang} title={t(`language.${locale}`)}>
        {NAMES[locale].short}
      </span>
    ),
  }));
  return (
    <Segmented<Locale>
      size="small"
      data-testid="lang-switch"
      aria-label={t('language.switch')}
      options={options}
      value={language}
      onChange={setLanguage}
    />
  );
}
