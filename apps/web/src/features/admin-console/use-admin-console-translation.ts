import { featureTranslation } from '@/shared/i18n/feature-translation';
import enUS from '@/shared/i18n/locales/en-US/adminConsole.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminConsole.json';

// Added when the console's code loads: a user's pages never carry the operators' strings.
/** The `adminConsole` namespace, the one the operations console speak. */
export const useAdminConsoleTranslation = featureTranslation('adminConsole', { 'zh-CN': zhCN, 'en-US': enUS });
