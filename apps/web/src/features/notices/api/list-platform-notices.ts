import { notices } from '@suanli/contract';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { noticeKeys } from './keys';

export type PlatformNotice = Awaited<ReturnType<typeof fetchPlatformNotices>>['rows'][number];

/** The endpoint pages and nothing else: it neither filters nor sorts (newest first). */
export function fetchPlatformNotices({ pageNum, pageSize }: PageParams) {
  return http.call(notices.listPlatformNotices, { query: { pageNum, pageSize } });
}

export function usePlatformNoticePages() {
  return usePagedQuery({ queryKey: noticeKeys.platform(), fetcher: fetchPlatformNotices });
}
