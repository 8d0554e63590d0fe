import { userImages, type EndpointData } from '@suanli/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { adminSupportKeys } from './keys';

export type SubmissionState = (typeof userImages.REVIEW_STATES)[number];
export type Submission = EndpointData<typeof userImages.listImageSubmissions>[number];
export type ReviewDecision = 'publish' | 'reject';

/** Creators' submissions to the community in one review state, oldest first. */
export function useImageSubmissions(state: SubmissionState) {
  return useQuery({
    queryKey: [...adminSupportKeys.imageSubmissions(), state],
    queryFn: () => http.call(userImages.listImageSubmissions, { query: { state } }),
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
