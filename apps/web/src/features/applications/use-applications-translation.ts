import { useTranslation } from 'react-i18next';
import { addNamespace } from '@/shared/i18n/add-namespace';
import enUS from '@/shared/i18n/locales/en-US/applications.json';
import zhCN from '@/shared/i18n/locales/zh-CN/applications.json';

// Added when this feature's code loads, with the pages that use it: no guest page carries these strings.
addNamespace('applications', { 'zh-CN': zhCN, 'en-US': enUS });

/** The `applications` namespace, the one this feature and its pages speak. */
export function useApplicationsTranslation() {
  return useTranslation('applications');
}
