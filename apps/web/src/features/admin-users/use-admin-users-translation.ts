import { useTranslation } from 'react-i18next';
import { addNamespace } from '@/shared/i18n/add-namespace';
import enUS from '@/shared/i18n/locales/en-US/adminUsers.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminUsers.json';

// Added when the users desk's code loads: a user's pages never carry the operators' strings.
addNamespace('adminUsers', { 'zh-CN': zhCN, 'en-US': enUS });

/** The `adminUsers` namespace, the one the users pages speak. */
export function useAdminUsersTranslation() {
  return useTranslation('adminUsers');
}
