import { featureTranslation } from '@/shared/i18n/feature-translation';
import enUS from '@/shared/i18n/locales/en-US/adminCatalogue.json';
import zhCN from '@/shared/i18n/locales/zh-CN/adminCatalogue.json';

// Added when the catalogue desk's code loads: a user's pages never carry the operators' strings.
/** The `adminCatalogue` namespace, the one the catalogue desk's pages speak. */
export const useAdminCatalogueTranslation = featureTranslation('adminCatalogue', { 'zh-CN': zhCN, 'en-US': enUS });
