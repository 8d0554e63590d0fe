import { featureTranslation } from '@/shared/i18n/feature-translation';
import enUS from '@/shared/i18n/locales/en-US/adminDashboard.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminDashboard.json';

// Added when the dashboard's code loads: a user's pages never carry the operators' strings.
/** The `adminDashboard` namespace, the one the console's first page speaks. */
export const useAdminDashboardTranslation = featureTranslation('adminDashboard', { 'zh-CN': zhCN, 'en-US': enUS });
