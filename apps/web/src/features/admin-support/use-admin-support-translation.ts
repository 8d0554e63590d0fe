import { featureTranslation } from '@/shared/i18n/feature-translation';
import enUS from '@/shared/i18n/locales/en-US/adminSupport.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminSupport.json';

// Added when the console's code loads: a user's pages never carry the operators' strings.
/** The `adminSupport` namespace, the one the review and support desks of the operations console speak. */
export const useAdminSupportTranslation = featureTranslation('adminSupport', { 'zh-CN': zhCN, 'en-US': enUS });
