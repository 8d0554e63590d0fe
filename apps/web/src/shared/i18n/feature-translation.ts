import type { Locale } from '@suanli/contract';
import { useTranslation } from 'react-i18next';
import type { Catalogue, FEATURE_NAMESPACES } from './catalogues';
import { i18n } from './i18n';

type FeatureNamespace = (typeof FEATURE_NAMESPACES)[number];

/**
 * Adds a namespace of FEATURE_NAMESPACES to i18next from the feature's own chunk (its catalogues are imported there),
 * when that chunk loads and so before any of its components renders, and returns the hook its components speak with.
 */
export function featureTranslation<N extends FeatureNamespace>(namespace: N, catalogues: Record<Locale, Catalogue>) {
  for (const [locale, catalogue] of Object.entries(catalogues)) {
    i18n.addResourceBundle(locale, namespace, catalogue, true, true);
  }
  return () => useTranslation(namespace);
}
