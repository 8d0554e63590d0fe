import { catalogue } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { applicationsKeys } from './keys';

export type ImageChoice = Awaited<ReturnType<typeof fetchImages>>[number];

/**
 * Every image one can rent (the catalogue answers at most 100, more than it holds), searched and filtered in the
 * picker itself, so that typing never waits for the network.
 */
export function fetchImages() {
  return http.call(catalogue.listImages, { query: {} });
}

export function useImages() {
  const language = useInterfaceSettings((state) => state.appLanguage);
  return useQuery({ queryKey: applicationsKeys.images(language), queryFn: fetchImages, staleTime: 5 * 60_000 });
}
