import { useAdminCatalogueTranslation } from '../use-admin-catalogue-translation';

/** A row named in both languages, read in the operator's. */
export function useBilingualName() {
  const { i18n } = useAdminCatalogueTranslation();
  return (row: { nameZh: string; nameEn: string }) => (i18n.language === 'en-US' ? row.nameEn : row.nameZh);
}
