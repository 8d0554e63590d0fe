import { catalogue } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { catalogueKeys, FIRST_SCREEN_STALE_MS, type Viewer } from './keys';
import { useViewer } from './use-viewer';

/** The images featured in the application center's banner, in banner order. */
export function fetchBannerImages() {
  return http.call(catalogue.listBannerImages);
}

export const bannerImagesQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: catalogueKeys.banners(viewer),
    queryFn: fetchBannerImages,
    staleTime: FIRST_SCREEN_STALE_MS,
  });

export function useBannerImages() {
  return useQuery(bannerImagesQuery(useViewer()));
}
