import { LOCALES, type Locale } from '@suanli/contract';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInterfaceSettings } from '../stores/interface-settings-store';

/** Switches between zh-CN and en-US; the choice persists with the interface settings (spec §3). */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const language = useInterfaceSettings((state) => state.appLanguage);
  const setLanguage = useInterfaceSettings((state) => state.setLanguage);
  const options = LOCALES.map((locale) => ({
    value: locale,
    label: <span data-testid={`lang-option-${locale}`}>{t(`language.${locale}`)}</span>,
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
