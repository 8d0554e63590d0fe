import { featureTranslation } from '@/shared/i18n/feature-translation';
import enUS from '@/shared/i18n/locales/en-US/adminFleet.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminFleet.json';

// Added when the fleet desk's code loads: a user's pages never carry the operators' strings.
/** The `adminFleet` namespace, the one the fleet and prices pages speak. */
export const useAdminFleetTranslation = featureTranslation('adminFleet', { 'zh-CN': zhCN, 'en-US': enUS });
