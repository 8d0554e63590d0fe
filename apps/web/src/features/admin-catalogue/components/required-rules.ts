import { useAdminCatalogueTranslation } from '../use-admin-catalogue-translation';

/**
 * A required input's rules, in the contract's words for its field: blank text counts as missing; a number is checked
 * as a number (antd's whitespace check would refuse any number as not text).
 */
export function useRequiredRules() {
  const { t } = useAdminCatalogueTranslation();
  const message = (key: string) => t(`contract:validation.catalogueDesk.${key}`);
  return {
    text: (key: string) => [{ required: true, whitespace: true, message: message(key) }],
    number: (key: string) => [{ required: true, message: message(key) }],
  };
}
