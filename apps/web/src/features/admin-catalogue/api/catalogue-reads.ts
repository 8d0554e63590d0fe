import { catalogueDesk, models } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminCatalogueKeys } from './keys';

/** The filters of the images' and the models' lists, each applied by the server. */
export type CatalogueFilters = { typeId?: string; hidden?: 'true' | 'false'; keyword?: string };

export type ImagePage = Awaited<ReturnType<typeof fetchImagePage>>;
export type DeskImage = catalogueDesk.DeskImage;
export type DeskImageType = catalogueDesk.DeskImageType;
export type ModelPage = Awaited<ReturnType<typeof fetchModelPage>>;
export type DeskModel = catalogueDesk.DeskModel;

function fetchImagePage({ pageNum, pageSize, sort: _sort, ...filters }: PageParams<CatalogueFilters>) {
  return http.call(catalogueDesk.listDeskImages, { query: { pageNum, pageSize, ...filters } });
}

function fetchModelPage({ pageNum, pageSize, sort: _sort, ...filters }: PageParams<CatalogueFilters>) {
  return http.call(catalogueDesk.listDeskModels, { query: { pageNum, pageSize, ...filters } });
}

/** Every image type, hidden ones too, in display order. */
export function useImageTypes() {
  return useQuery({
    queryKey: adminCatalogueKeys.types(),
    queryFn: () => http.call(catalogueDesk.listDeskImageTypes),
  });
}

export function useImagePages() {
  return usePagedQuery<ImagePage, CatalogueFilters>({ queryKey: adminCatalogueKeys.images(), fetcher: fetchImagePage });
}

export function useModelPages() {
  return usePagedQuery<ModelPage, CatalogueFilters>({ queryKey: adminCatalogueKeys.models(), fetcher: fetchModelPage });
}

/** The model center's types, in the operator's language. */
export function useModelTypes() {
  return useQuery({ queryKey: adminCatalogueKeys.modelTypes(), queryFn: () => http.call(models.listModelTypes) });
}
