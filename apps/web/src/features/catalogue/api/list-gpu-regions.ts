import { inventory, type Locale } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { catalogueKeys } from './keys';
import { useViewer } from './use-viewer';

export type GpuRegion = Awaited<ReturnType<typeof fetchGpuRegions>>[number];

/** Every region with its GPUs per model, how many there are and how many are free now. */
export function fetchGpuRegions() {
  return http.call(inventory.listGpuRegions);
}

/** Free GPUs move as applications start and stop, so this is read again after a minute on screen. */
export const gpuRegionsQuery = (language: Locale) =>
  queryOptions({ queryKey: catalogueKeys.regions(language), queryFn: fetchGpuRegions, staleTime: 60_000 });

export function useGpuRegions() {
  return useQuery(gpuRegionsQuery(useViewer().language));
}
