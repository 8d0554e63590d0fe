import { feedback, type EndpointRequest } from '@suanli/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/shared/http';

type FeedbackBody = EndpointRequest<typeof feedback.addFeedback>['body'];

/** Sends feedback naming its uploaded screenshots. Silent: the form puts the server's reason under its field. */
export function addFeedback(body: FeedbackBody) {
  return http.call(feedback.addFeedback, { body, silent: true });
}

export function useAddFeedback() {
  return useMutation({ mutationFn: addFeedback });
}
