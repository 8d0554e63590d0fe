import { inventory } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { catalogueKeys } from './keys';
import { useViewer } from './use-viewer';

export type GpuConfig = Awaited<ReturnType<typeof fetchAvailableGpuConfig>>[number];

/** Each GPU model an image runs on, with its free GPUs now, the caller's hourly price and whether it is sold out. */
export function fetchAvailableGpuConfig(imageId: string) {
  return http.call(inventory.availableGpuConfig, { query: { imageId } });
}

export function useAvailableGpuConfig(imageId: string) {
  return useQuery({
    queryKey: catalogueKeys.availability(useViewer(), imageId),
    queryFn: () => fetchAvailableGpuConfig(imageId),
    staleTime: 60_000,
  });
}
