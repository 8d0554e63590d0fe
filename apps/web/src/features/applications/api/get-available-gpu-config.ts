import { inventory } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { applicationsKeys } from './keys';

export type GpuOffer = Awaited<ReturnType<typeof fetchAvailableGpuConfig>>[number];

/** Each GPU model the image runs on, with its free GPUs now (in the region, when one is chosen) and the hourly price. */
export function fetchAvailableGpuConfig(imageId: string, regionId: string | undefined) {
  return http.call(inventory.availableGpuConfig, { query: { imageId, regionId } });
}

export function useAvailableGpuConfig(imageId: string | undefined, regionId: string | undefined) {
  const language = useInterfaceSettings((state) => state.appLanguage);
  return useQuery({
    queryKey: applicationsKeys.availability(language, imageId ?? '', regionId),
    queryFn: () => fetchAvailableGpuConfig(imageId!, regionId),
    enabled: imageId !== undefined,
  });
}
