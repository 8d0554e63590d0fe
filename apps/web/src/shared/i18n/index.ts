export { currentLanguage, i18n } from './i18n';
