import { feedback } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminSupportKeys } from './keys';

export type FeedbackState = (typeof feedback.FEEDBACK_STATES)[number];
export type FeedbackFilters = { state?: FeedbackState };
export type FeedbackPage = Awaited<ReturnType<typeof fetchFeedbackPage>>;
export type FeedbackRow = FeedbackPage['rows'][number];

function fetchFeedbackPage({ pageNum, pageSize, state }: PageParams<FeedbackFilters>) {
  return http.call(feedback.listFeedback, { query: { pageNum, pageSize, state } });
}

/** Users' feedback, newest first, in one state (submitted unless the filter says otherwise). */
export function useFeedbackPages() {
  return usePagedQuery<FeedbackPage, FeedbackFilters>({
    queryKey: adminSupportKeys.feedback(),
    fetcher: fetchFeedbackPage,
    initialFilters: { state: 'submitted' },
  });
}

/** Marks feedback adopted, which gives its author the gift voucher; adopted already, the server answers 409. */
export function useAdoptFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      http.call(feedback.adoptFeedback, { params: { id }, body: { reason }, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSupportKeys.feedback() }),
  });
}
