import { featureTranslation } from '@/shared/i18n/feature-translation';
import enUS from '@/shared/i18n/locales/en-US/adminUsers.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminUsers.json';

// Added when the users desk's code loads: a user's pages never carry the operators' strings.
/** The `adminUsers` namespace, the one the users desk's pages speak. */
export const useAdminUsersTranslation = featureTranslation('adminUsers', { 'zh-CN': zhCN, 'en-US': enUS });
