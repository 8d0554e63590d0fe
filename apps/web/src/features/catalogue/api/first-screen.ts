import type { QueryClient } from '@tanstack/react-query';
import type { Viewer } from './keys';
import { bannerImagesQuery } from './list-banner-images';
import { gpuModelsQuery } from './list-gpu-models';
import { gpuRegionsQuery } from './list-gpu-regions';
import { firstImagePageQuery } from './list-image-page';
import { imageTypesQuery } from './list-image-types';

/**
 * Everything the application center shows on arrival, read into the cache under the keys its components read: the
 * banners, the filters' types, the first page of cards, and the prices and free GPUs on them. The server fills a
 * guest's page with it before sending the HTML (src/prerender.tsx); it rejects when any of them fails.
 */
export function loadApplicationCenter(queryClient: QueryClient, viewer: Viewer): Promise<unknown> {
  return Promise.all([
    queryClient.fetchQuery(bannerImagesQuery(viewer)),
    queryClient.fetchQuery(imageTypesQuery(viewer.language)),
    queryClient.fetchQuery(firstImagePageQuery(viewer)),
    queryClient.fetchQuery(gpuModelsQuery()),
    queryClient.fetchQuery(gpuRegionsQuery(viewer.language)),
  ]);
}
