import type { Locale } from '@suanli/contract';
import type { Catalogue, FEATURE_NAMESPACES } from './catalogues';
import { i18n } from './i18n';

/**
 * Adds a namespace of FEATURE_NAMESPACES to i18next, from the feature's own chunk (its catalogues are imported there),
 * before any of its components renders.
 */
export function addNamespace(
  namespace: (typeof FEATURE_NAMESPACES)[number],
  catalogues: Record<Locale, Catalogue>,
): void {
  for (const [locale, catalogue] of Object.entries(catalogues)) {
    i18n.addResourceBundle(locale, namespace, catalogue, true, true);
  }
}
