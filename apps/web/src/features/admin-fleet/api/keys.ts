import { rootKeys } from '@/shared/query/root-keys';

/**
 * Query keys of the fleet desk, under the account root so they leave with the session. Any change refreshes the whole
 * desk (`all`): a host's state moves its region's counts, a price moves every billing mode's.
 */
export const adminFleetKeys = {
  all: [...rootKeys.account, 'adminFleet'] as const,
  regions: () => [...adminFleetKeys.all, 'regions'] as const,
  hosts: () => [...adminFleetKeys.all, 'hosts'] as const,
  gpuModels: () => [...adminFleetKeys.all, 'gpuModels'] as const,
};
