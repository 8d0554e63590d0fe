import { feedback, type EndpointRequest } from '@suanli/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/shared/http';

type ConsultBody = EndpointRequest<typeof feedback.consult>['body'];

/** Sends the business consultation; no login needed. Silent: the form puts the server's reason under its field. */
export function consult(body: ConsultBody) {
  return http.call(feedback.consult, { body, silent: true, withoutToken: true });
}

export function useConsult() {
  return useMutation({ mutationFn: consult });
}
