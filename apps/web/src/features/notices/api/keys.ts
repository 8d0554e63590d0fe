export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

/** Query keys of the notices area; `informs()` covers every page of the user's notices and the bell's count. */
export const noticeKeys = {
  all: ['notices'] as const,
  informs: () => [...noticeKeys.all, 'informs'] as const,
  informPage: (page: PageQuery) => [...noticeKeys.informs(), page] as const,
  platform: (page: PageQuery) => [...noticeKeys.all, 'platform', page] as const,
  newest: () => [...noticeKeys.all, 'newest'] as const,
};
