import { applications } from '@suanli/contract';
import { http, useIdempotentCall } from '@/shared/http';
import { useComputeMutation } from './use-compute-mutation';

export interface RenewInput {
  id: string;
  duration: number;
}

/** Silent: the renewal dialog shows a refusal (a short balance, with the way to recharge) itself. */
export function renewApplication(input: RenewInput, idempotencyKey: string) {
  return http.call(applications.renewApplication, { body: input, idempotencyKey, silent: true });
}

/** Extends a prepaid rental, charged once however often a lost answer makes the user confirm again. */
export function useRenewApplication() {
  return useComputeMutation(useIdempotentCall(renewApplication), { movesMoney: true });
}
