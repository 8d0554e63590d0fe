import { featureTranslation } from '@/shared/i18n/feature-translation';
import enUS from '@/shared/i18n/locales/en-US/applications.json';
import zhCN from '@/shared/i18n/locales/zh-CN/applications.json';

// Added when this feature's code loads, with the pages that use it: no guest page carries these strings.
/** The `applications` namespace, the one this feature and its pages speak. */
export const useApplicationsTranslation = featureTranslation('applications', { 'zh-CN': zhCN, 'en-US': enUS });
