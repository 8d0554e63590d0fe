import { inventory } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { applicationsKeys } from './keys';

/** The regions to rent in, named in the caller's language. */
export function fetchRegions() {
  return http.call(inventory.listGpuRegions);
}

export function useRegions() {
  const language = useInterfaceSettings((state) => state.appLanguage);
  return useQuery({ queryKey: applicationsKeys.regions(language), queryFn: fetchRegions, staleTime: 60_000 });
}
