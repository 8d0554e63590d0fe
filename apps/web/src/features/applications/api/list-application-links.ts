import { applications } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { applicationsKeys } from './keys';

export type ApplicationLink = Awaited<ReturnType<typeof fetchApplicationLinks>>[number];

/** The links the application's image declares, each on an origin of its own. */
export function fetchApplicationLinks(id: string) {
  return http.call(applications.listApplicationLinks, { params: { id, scope: 'live' } });
}

export function useApplicationLinks(id: string, enabled: boolean) {
  return useQuery({
    queryKey: applicationsKeys.links(id),
    queryFn: () => fetchApplicationLinks(id),
    enabled,
    staleTime: Infinity,
  });
}
