import { useTranslation } from 'react-i18next';
import { addNamespace } from '@/shared/i18n/add-namespace';
import enUS from '@/shared/i18n/locales/en-US/adminFleet.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminFleet.json';

// Added when the fleet desk's code loads: a user's pages never carry the operators' strings.
addNamespace('adminFleet', { 'zh-CN': zhCN, 'en-US': enUS });

/** The `adminFleet` namespace, the one the fleet and prices pages speak. */
export function useAdminFleetTranslation() {
  return useTranslation('adminFleet');
}
