import { applications, type EndpointInput } from '@suanli/contract';
import { http, useIdempotentCall } from '@/shared/http';
import { useComputeMutation } from './use-compute-mutation';

export type CreateApplicationBody = EndpointInput<typeof applications.createApplication>['body'];

/** Silent: the create flow shows a refusal (sold out, short balance, real-name required) with the way forward. */
export function createApplication(body: CreateApplicationBody, idempotencyKey: string) {
  return http.call(applications.createApplication, { body, idempotencyKey, silent: true });
}

/** Rents an application once however often a lost answer makes the user submit the same choice again. */
export function useCreateApplication() {
  return useComputeMutation(useIdempotentCall(createApplication), { movesMoney: true });
}
