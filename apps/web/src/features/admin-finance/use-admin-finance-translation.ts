import { featureTranslation } from '@/shared/i18n/feature-translation';
import enUS from '@/shared/i18n/locales/en-US/adminFinance.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminFinance.json';

// Added when the finance pages' code loads: neither a user's pages nor the console's shell carry these strings.
/** The `adminFinance` namespace, the one the finance desk's pages speak. */
export const useAdminFinanceTranslation = featureTranslation('adminFinance', { 'zh-CN': zhCN, 'en-US': enUS });
