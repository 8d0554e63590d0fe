import { notices } from '@suanli/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { noticeKeys, type PageQuery } from './keys';

export type PlatformNotice = Awaited<ReturnType<typeof fetchPlatformNotices>>['rows'][number];

export function fetchPlatformNotices(page: PageQuery) {
  return http.call(notices.listPlatformNotices, { query: page });
}

export const platformNoticesQueryOptions = (page: PageQuery) =>
  queryOptions({ queryKey: noticeKeys.platform(page), queryFn: () => fetchPlatformNotices(page) });

export function usePlatformNotices(page: PageQuery) {
  return useQuery({ ...platformNoticesQueryOptions(page), placeholderData: keepPreviousData });
}
