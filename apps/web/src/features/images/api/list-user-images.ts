import { userImages, type EndpointData } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { useRouteActive } from '@/shared/ui/route-activity';
import { imagesKeys } from './keys';

export type UserImage = EndpointData<typeof userImages.listUserImages>[number];
export type ImageScope = 'mine' | 'shared' | 'all';

/** How often the list is read again while an image uploads, for its progress and its end. */
const UPLOAD_POLL_MS = 2_000;

export function fetchUserImages(scope: ImageScope) {
  return http.call(userImages.listUserImages, { query: scope === 'all' ? {} : { scope } });
}

/**
 * The caller's images and those shared with them; read again every 2 s while one uploads and the page shows (/mirror
 * stays mounted, hidden, when left).
 */
export function useUserImages(scope: ImageScope) {
  const active = useRouteActive();
  return useQuery({
    queryKey: imagesKeys.list(scope),
    queryFn: () => fetchUserImages(scope),
    refetchInterval: (query) =>
      active && query.state.data?.some((image) => image.state === 'uploading') ? UPLOAD_POLL_MS : false,
  });
}
