import { featureTranslation } from '@/shared/i18n/feature-translation';
import enUS from '@/shared/i18n/locales/en-US/invoices.json';
import zhCN from '@/shared/i18n/locales/zh-CN/invoices.json';

// Added when this feature's code loads, with the pages that use it: the shell and the guest pages do not carry them.
/** The `invoices` namespace, the one this feature and its pages speak. */
export const useInvoicesTranslation = featureTranslation('invoices', { 'zh-CN': zhCN, 'en-US': enUS });
