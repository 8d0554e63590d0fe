import { userImages } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminSupportKeys } from './keys';

export type SubmissionState = (typeof userImages.REVIEW_STATES)[number];
export type SubmissionFilters = { state?: SubmissionState };
export type SubmissionPage = Awaited<ReturnType<typeof fetchSubmissionPage>>;
export type Submission = SubmissionPage['rows'][number];
export type ReviewDecision = 'publish' | 'reject';

function fetchSubmissionPage({ pageNum, pageSize, state }: PageParams<SubmissionFilters>) {
  return http.call(userImages.listImageSubmissions, { query: { pageNum, pageSize, state } });
}

/** Creators' submissions to the community in one review state (pending unless the filter says otherwise), oldest first. */
export function useSubmissionPages() {
  return usePagedQuery<SubmissionPage, SubmissionFilters>({
    queryKey: adminSupportKeys.imageSubmissions(),
    fetcher: fetchSubmissionPage,
    initialFilters: { state: 'pending' },
  });
}

/** Publishes or rejects a submission; the dialog reports a refusal (a colleague decided first: 409). */
export function useReviewSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: ReviewDecision; reason: string }) =>
      http.call(userImages.reviewImageSubmission, { params: { id }, body: { decision, reason }, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSupportKeys.imageSubmissions() }),
  });
}
