import { featureTranslation } from '@/shared/i18n/feature-translation';
import enUS from '@/shared/i18n/locales/en-US/apiOpen.json';
import zhCN from '@/shared/i18n/locales/zh-CN/apiOpen.json';

// Added when this feature's code loads, with the pages that use it: the shell and the guest pages do not carry them.
/** The `apiOpen` namespace, the one this feature and its pages speak. */
export const useApiOpenTranslation = featureTranslation('apiOpen', { 'zh-CN': zhCN, 'en-US': enUS });
