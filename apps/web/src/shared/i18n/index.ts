export { currentLanguage, DAYJS_LOCALES, i18n } from './i18n';
