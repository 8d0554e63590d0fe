import { catalogue, type EndpointData } from '@suanli/contract';
import { http } from '@/shared/http';
import { firstPageQuery, usePagedQuery, type PagedQueryOptions, type PageParams } from '@/shared/query/use-paged-query';
import { catalogueKeys, FIRST_SCREEN_STALE_MS, type Viewer } from './keys';
import { useViewer } from './use-viewer';

/** Twelve cards fill whole rows of two, three and four columns. */
const CARDS_PER_PAGE = 12;

export type ImagePage = EndpointData<typeof catalogue.listImagePage>;
export type ImageSummary = ImagePage['rows'][number];
/** Official images are the platform's; community images, their publishers'. */
export type ImageKind = ImageSummary['kind'];

/** The application center's filters; unset ones are left out of the request. */
export type ImageFilters = {
  typeId?: string;
  kind?: ImageKind;
  keyword?: string;
};

/** One page of the images matching the filters, newest first. */
export function fetchImagePage({ pageNum, pageSize, typeId, kind, keyword }: PageParams<ImageFilters>) {
  return http.call(catalogue.listImagePage, { query: { pageNum, pageSize, typeId, kind, keyword } });
}

const imagePages = (viewer: Viewer): PagedQueryOptions<ImagePage, ImageFilters> => ({
  queryKey: catalogueKeys.imagePage(viewer),
  fetcher: fetchImagePage,
  pageSize: CARDS_PER_PAGE,
  staleTime: FIRST_SCREEN_STALE_MS,
});

/** The unfiltered first page, as the application center opens. */
export const firstImagePageQuery = (viewer: Viewer) => firstPageQuery(imagePages(viewer));

export function useImagePages() {
  return usePagedQuery(imagePages(useViewer()));
}
