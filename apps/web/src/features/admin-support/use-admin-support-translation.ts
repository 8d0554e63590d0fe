import { useTranslation } from 'react-i18next';
import { addNamespace } from '@/shared/i18n/add-namespace';
import enUS from '@/shared/i18n/locales/en-US/adminSupport.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminSupport.json';

// Added when the console's code loads: a user's pages never carry the operators' strings.
addNamespace('adminSupport', { 'zh-CN': zhCN, 'en-US': enUS });

/** The `adminSupport` namespace: the review and support desks of the operations console. */
export function useAdminSupportTranslation() {
  return useTranslation('adminSupport');
}
