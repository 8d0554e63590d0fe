import { featureTranslation } from '@/shared/i18n/feature-translation';
import enUS from '@/shared/i18n/locales/en-US/cloudSpace.json';
import zhCN from '@/shared/i18n/locales/zh-CN/cloudSpace.json';

// Added when this feature's code loads, with the pages that use it: the shell and the guest pages do not carry them.
/** The `cloudSpace` namespace, the one this feature and its pages speak. */
export const useCloudSpaceTranslation = featureTranslation('cloudSpace', { 'zh-CN': zhCN, 'en-US': enUS });
