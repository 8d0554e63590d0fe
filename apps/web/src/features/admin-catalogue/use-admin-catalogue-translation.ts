import { useTranslation } from 'react-i18next';
import { addNamespace } from '@/shared/i18n/add-namespace';
import enUS from '@/shared/i18n/locales/en-US/adminCatalogue.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminCatalogue.json';

// Added when the catalogue desk's code loads: a user's pages never carry the operators' strings.
addNamespace('adminCatalogue', { 'zh-CN': zhCN, 'en-US': enUS });

/** The `adminCatalogue` namespace, the one the catalogue desk's pages speak. */
export function useAdminCatalogueTranslation() {
  return useTranslation('adminCatalogue');
}
