import { applications, type ApplicationStatus, type EndpointData } from '@suanli/contract';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { POLL_INTERVAL_MS, shouldPoll } from '../application-status';
import { applicationsKeys } from './keys';

export type ApplicationPage = EndpointData<typeof applications.listApplications>;
export type ApplicationRow = ApplicationPage['rows'][number];
export type Status = (typeof ApplicationStatus.values)[number];

export type ApplicationFilters = { status?: Status };

/** One page of the caller's applications, pinned first, then newest (the server's order). */
export function fetchApplicationPage({ pageNum, pageSize, status }: PageParams<ApplicationFilters>) {
  return http.call(applications.listApplications, { query: { pageNum, pageSize, status } });
}

/**
 * The list of /myApp, read again every 2 s while any row is on its way to another status or to being destroyed (a
 * stopped application keeps its status until the reconciler has removed it), and left alone otherwise.
 */
export function useApplicationPages(initialFilters: ApplicationFilters, destroying: ReadonlySet<string>) {
  return usePagedQuery<ApplicationPage, ApplicationFilters>({
    queryKey: applicationsKeys.list(),
    fetcher: fetchApplicationPage,
    initialFilters,
    refetchInterval: (data) => {
      const rows = data?.rows ?? [];
      return shouldPoll(rows) || rows.some((row) => destroying.has(row.id)) ? POLL_INTERVAL_MS : false;
    },
  });
}
