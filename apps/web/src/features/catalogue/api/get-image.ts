import { catalogue } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { catalogueKeys } from './keys';
import { useViewer } from './use-viewer';

export type ImageDetail = Awaited<ReturnType<typeof fetchImage>>;

/** Silent: the detail page says itself that the image does not exist, or that loading failed, with a retry. */
export function fetchImage(id: string) {
  return http.call(catalogue.getImage, { params: { id }, silent: true });
}

export function useImage(id: string) {
  return useQuery({ queryKey: catalogueKeys.image(useViewer(), id), queryFn: () => fetchImage(id) });
}
