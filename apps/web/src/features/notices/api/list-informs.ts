import { notices } from '@suanli/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { noticeKeys, type PageQuery } from './keys';

export type InformPage = Awaited<ReturnType<typeof fetchInforms>>;
export type Inform = InformPage['rows'][number];

/** The bell re-reads the unread count this often while the user is logged in. */
const UNREAD_POLL_MS = 60_000;

export function fetchInforms(page: PageQuery) {
  return http.call(notices.listInforms, { query: page });
}

export const informsQueryOptions = (page: PageQuery) =>
  queryOptions({ queryKey: noticeKeys.informPage(page), queryFn: () => fetchInforms(page) });

/** One page of the user's notices, with the unread count the bell shows. */
export function useInforms(page: PageQuery) {
  return useQuery({ ...informsQueryOptions(page), placeholderData: keepPreviousData });
}

/** The bell's count: the first page polled every minute and refetched when the window regains focus. */
export function useUnreadCount() {
  const query = useQuery({
    ...informsQueryOptions({ pageNum: 1, pageSize: 10 }),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    select: (page) => page.unread,
  });
  return query.data ?? 0;
}
