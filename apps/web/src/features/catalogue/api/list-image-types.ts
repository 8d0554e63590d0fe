import { catalogue, type Locale } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { catalogueKeys } from './keys';
import { useViewer } from './use-viewer';

export type ImageType = Awaited<ReturnType<typeof fetchImageTypes>>[number];

/** The types images are filed under, in display order, named in the caller's language. */
export function fetchImageTypes() {
  return http.call(catalogue.listImageTypes);
}

export const imageTypesQuery = (language: Locale) =>
  queryOptions({ queryKey: catalogueKeys.types(language), queryFn: fetchImageTypes, staleTime: 10 * 60_000 });

export function useImageTypes() {
  return useQuery(imageTypesQuery(useViewer().language));
}
