import { rootKeys } from '@/shared/query/root-keys';

/**
 * Query keys of the catalogue desk, under the account root so they leave with the session. Any change refreshes the
 * whole desk (`all`): hiding a type moves its images, an image's type moves the types' counts.
 */
export const adminCatalogueKeys = {
  all: [...rootKeys.account, 'adminCatalogue'] as const,
  types: () => [...adminCatalogueKeys.all, 'types'] as const,
  images: () => [...adminCatalogueKeys.all, 'images'] as const,
  models: () => [...adminCatalogueKeys.all, 'models'] as const,
  modelTypes: () => [...adminCatalogueKeys.all, 'modelTypes'] as const,
};
