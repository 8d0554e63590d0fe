import { models, type EndpointData } from '@suanli/contract';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { modelsKeys } from './keys';
import { useModelViewer } from './use-model-viewer';

/** Twelve cards fill whole rows of two, three and four columns. */
const CARDS_PER_PAGE = 12;

export type ModelPage = EndpointData<typeof models.listModels>;
export type ModelSummary = ModelPage['rows'][number];

export type ModelFilters = { typeId?: string; keyword?: string; liked?: 'true' };

export function fetchModelPage({ pageNum, pageSize, typeId, keyword, liked }: PageParams<ModelFilters>) {
  return http.call(models.listModels, { query: { pageNum, pageSize, typeId, keyword, liked }, silent: true });
}

export function useModelPages() {
  return usePagedQuery<ModelPage, ModelFilters>({
    queryKey: modelsKeys.page(useModelViewer()),
    fetcher: fetchModelPage,
    pageSize: CARDS_PER_PAGE,
  });
}
