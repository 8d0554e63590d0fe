import { useQuery } from '@tanstack/react-query';
import { POLL_INTERVAL_MS, shouldPoll } from '../application-status';
import { applicationsKeys } from './keys';
import { fetchApplicationPage } from './list-applications';

/** The first five applications in the list's own order (pinned first, then newest), for the console home. */
export function useRecentApplications() {
  return useQuery({
    queryKey: applicationsKeys.recent(),
    queryFn: () => fetchApplicationPage({ pageNum: 1, pageSize: 5 }),
    refetchInterval: (query) => (shouldPoll(query.state.data?.rows ?? []) ? POLL_INTERVAL_MS : false),
  });
}
