import { rootKeys } from '@/shared/query/root-keys';

/** Query keys of the cloud space: any change refreshes the listing and the storage used together. */
export const cloudSpaceKeys = {
  all: rootKeys.cloudSpace,
  folder: (path: string) => [...rootKeys.cloudSpace, 'folder', path] as const,
  storage: () => [...rootKeys.cloudSpace, 'storage'] as const,
};
