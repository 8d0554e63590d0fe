import { useTranslation } from 'react-i18next';
import { addNamespace } from '@/shared/i18n/add-namespace';
import enUS from '@/shared/i18n/locales/en-US/adminConsole.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminConsole.json';

// Added when the console's code loads: a user's pages never carry the operators' strings.
addNamespace('adminConsole', { 'zh-CN': zhCN, 'en-US': enUS });

/** The `adminConsole` namespace, the one the operations console speaks. */
export function useAdminConsoleTranslation() {
  return useTranslation('adminConsole');
}
