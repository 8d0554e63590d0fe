import { applications } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { isTransitional, POLL_INTERVAL_MS } from '../application-status';
import { applicationsKeys } from './keys';

/** One of the caller's applications, as the list shows it. Silent: the page says it was not found. */
export function fetchApplication(id: string) {
  return http.call(applications.getApplication, { params: { id }, silent: true });
}

/** Read again every 2 s while it is on its way to another status, like the list. */
export function useApplication(id: string, enabled: boolean) {
  return useQuery({
    queryKey: applicationsKeys.one(id),
    queryFn: () => fetchApplication(id),
    enabled,
    retry: false,
    refetchInterval: (query) =>
      query.state.data && isTransitional(query.state.data.status) ? POLL_INTERVAL_MS : false,
  });
}
