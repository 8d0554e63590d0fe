import { LIMITS, notices } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { noticeKeys } from './keys';

export type InformPage = Awaited<ReturnType<typeof fetchInforms>>;
export type Inform = InformPage['rows'][number];

/** The bell re-reads the unread count this often while the user is logged in. */
const UNREAD_POLL_MS = 60_000;

/** The endpoint pages and nothing else: it neither filters nor sorts (newest first). */
export function fetchInforms({ pageNum, pageSize }: PageParams) {
  return http.call(notices.listInforms, { query: { pageNum, pageSize } });
}

/** The user's notices, a page at a time, with the unread count the bell shows. */
export function useInformPages() {
  return usePagedQuery({ queryKey: noticeKeys.informs(), fetcher: fetchInforms });
}

// The list's first page as usePagedQuery asks for it, so the bell and the open drawer share it.
const FIRST_PAGE: PageParams = { pageNum: 1, pageSize: LIMITS.pageSizeDefault };

export const firstInformPageQueryOptions = () =>
  queryOptions({ queryKey: noticeKeys.informPage(FIRST_PAGE), queryFn: () => fetchInforms(FIRST_PAGE) });

/** The bell's count: the first page polled every minute and refetched when the window regains focus. */
export function useUnreadCount() {
  const query = useQuery({
    ...firstInformPageQueryOptions(),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    select: (page) => page.unread,
  });
  return query.data ?? 0;
}
