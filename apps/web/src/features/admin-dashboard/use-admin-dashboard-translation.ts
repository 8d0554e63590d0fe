import { useTranslation } from 'react-i18next';
import { addNamespace } from '@/shared/i18n/add-namespace';
import enUS from '@/shared/i18n/locales/en-US/adminDashboard.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminDashboard.json';

// Added when the dashboard's code loads: a user's pages never carry the operators' strings.
addNamespace('adminDashboard', { 'zh-CN': zhCN, 'en-US': enUS });

/** The `adminDashboard` namespace, the one the console's first page speaks. */
export function useAdminDashboardTranslation() {
  return useTranslation('adminDashboard');
}
