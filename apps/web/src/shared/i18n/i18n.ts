import { DEFAULT_LOCALE, LOCALES, type Locale } from '@suanli/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useInterfaceSettings } from '../stores/interface-settings-store';
import { NAMESPACES, RESOURCES } from './catalogues';

/** The dayjs locale of each console language; both are bundled and loaded above. */
export const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: RESOURCES,
  lng: useInterfaceSettings.getState().appLanguage,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: NAMESPACES,
  defaultNS: 'common',
  // Resources are bundled, so initialising synchronously lets non-React code (the HTTP client) translate at once.
  initAsync: false,
  interpolation: { escapeValue: false },
});

function applyLanguage(language: Locale): void {
  void i18n.changeLanguage(language);
  dayjs.locale(DAYJS_LOCALES[language]);
  // Absent when pages are rendered ahead at build time (src/prerender.tsx); index.html states the default.
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
  }
}

applyLanguage(useInterfaceSettings.getState().appLanguage);

// The persisted interface setting is the single source of the language (spec §3); i18next and dayjs follow it.
useInterfaceSettings.subscribe((state, previous) => {
  if (state.appLanguage !== previous.appLanguage) {
    applyLanguage(state.appLanguage);
  }
});

export function currentLanguage(): Locale {
  return useInterfaceSettings.getState().appLanguage;
}
