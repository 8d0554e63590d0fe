import { catalogue } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { catalogueKeys } from './keys';
import { useViewer } from './use-viewer';

/** The images featured in the application center's banner, in banner order. */
export function fetchBannerImages() {
  return http.call(catalogue.listBannerImages);
}

export function useBannerImages() {
  return useQuery({ queryKey: catalogueKeys.banners(useViewer()), queryFn: fetchBannerImages });
}
