import { notices, type EndpointInput } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminSupportKeys } from './keys';

export type NoticeStatus = (typeof notices.NOTICE_STATUSES)[number];
export type NoticeFilters = { status?: NoticeStatus };
export type NoticePage = Awaited<ReturnType<typeof fetchNoticePage>>;
export type NoticeRow = NoticePage['rows'][number];

/** What an operator writes: the notice in both languages and, unless it goes out now, its publish time (ISO). */
export type NoticeInput = EndpointInput<typeof notices.createNotice>['body'];
/** A rewrite of a notice not yet out, at the version read. */
type NoticeUpdate = EndpointInput<typeof notices.updateNotice>['body'] & { id: string };
type NoticeWithdrawal = EndpointInput<typeof notices.withdrawNotice>['body'] & { id: string };

function fetchNoticePage({ pageNum, pageSize, status }: PageParams<NoticeFilters>) {
  return http.call(notices.listAdminNotices, { query: { pageNum, pageSize, status } });
}

/** Platform notices, latest publish time first, all of them or those in one status. */
export function useNoticePages() {
  return usePagedQuery<NoticePage, NoticeFilters>({ queryKey: adminSupportKeys.notices(), fetcher: fetchNoticePage });
}

function useNoticeMutation<Input>(send: (input: Input) => Promise<NoticeRow>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSupportKeys.notices() }),
  });
}

export const useCreateNotice = () =>
  useNoticeMutation((body: NoticeInput) => http.call(notices.createNotice, { body, silent: true }));

/** Rewrites a notice not yet out, at the version read: changed since, the server answers 409. */
export const useUpdateNotice = () =>
  useNoticeMutation(({ id, ...body }: NoticeUpdate) =>
    http.call(notices.updateNotice, { params: { id }, body, silent: true }),
  );

export const useWithdrawNotice = () =>
  useNoticeMutation(({ id, ...body }: NoticeWithdrawal) =>
    http.call(notices.withdrawNotice, { params: { id }, body, silent: true }),
  );
