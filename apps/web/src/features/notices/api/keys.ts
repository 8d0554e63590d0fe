import type { PageParams } from '@/shared/query/use-paged-query';

/**
 * Query keys of the notices area; `informs()` covers every page of the user's notices and the bell's count. A page's
 * key is its list key with the page params appended, as usePagedQuery builds it, so the bell and the first page of
 * the list share one request.
 */
export const noticeKeys = {
  all: ['notices'] as const,
  informs: () => [...noticeKeys.all, 'informs'] as const,
  informPage: (page: PageParams) => [...noticeKeys.informs(), page] as const,
  platform: () => [...noticeKeys.all, 'platform'] as const,
  newest: () => [...noticeKeys.all, 'newest'] as const,
};
