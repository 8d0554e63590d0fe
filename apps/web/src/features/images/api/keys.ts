import { rootKeys } from '@/shared/query/root-keys';

/** Query keys of my images: one user's data, under the compute root, so they leave with the session. */
export const imagesKeys = {
  all: [...rootKeys.compute, 'user-images'] as const,
  list: (scope: 'mine' | 'shared' | 'all') => [...imagesKeys.all, 'list', scope] as const,
  storage: () => [...imagesKeys.all, 'storage'] as const,
  shares: (id: string) => [...imagesKeys.all, 'shares', id] as const,
};
