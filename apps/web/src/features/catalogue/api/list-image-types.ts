import { catalogue } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { catalogueKeys } from './keys';
import { useViewer } from './use-viewer';

export type ImageType = Awaited<ReturnType<typeof fetchImageTypes>>[number];

/** The types images are filed under, in display order, named in the caller's language. */
export function fetchImageTypes() {
  return http.call(catalogue.listImageTypes);
}

export function useImageTypes() {
  const { language } = useViewer();
  return useQuery({ queryKey: catalogueKeys.types(language), queryFn: fetchImageTypes, staleTime: 10 * 60_000 });
}
