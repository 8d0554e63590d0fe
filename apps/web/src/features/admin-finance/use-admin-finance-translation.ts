import { useTranslation } from 'react-i18next';
import { addNamespace } from '@/shared/i18n/add-namespace';
import enUS from '@/shared/i18n/locales/en-US/adminFinance.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminFinance.json';

// Added when the finance pages' code loads: neither a user's pages nor the console's shell carry these strings.
addNamespace('adminFinance', { 'zh-CN': zhCN, 'en-US': enUS });

/** The `adminFinance` namespace, the one the finance desk's pages speak. */
export function useAdminFinanceTranslation() {
  return useTranslation('adminFinance');
}
