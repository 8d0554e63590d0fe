import { catalogue } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { applicationsKeys } from './keys';

/** The types images are filed under, in display order, named in the caller's language. */
export function fetchImageTypes() {
  return http.call(catalogue.listImageTypes);
}

export function useImageTypes() {
  const language = useInterfaceSettings((state) => state.appLanguage);
  return useQuery({
    queryKey: applicationsKeys.imageTypes(language),
    queryFn: fetchImageTypes,
    staleTime: 10 * 60_000,
  });
}
