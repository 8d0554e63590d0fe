import { applications } from '@suanli/contract';
import { http, useIdempotentCall } from '@/shared/http';
import { useComputeMutation } from './use-compute-mutation';

export interface ExpandDataDiskInput {
  id: string;
  /** The new expansion in all, beyond the free data disk. */
  dataDiskGb: number;
}

/** Silent: the expansion dialog shows a refusal (disk arrears, with the way to recharge) itself. */
export function expandDataDisk(input: ExpandDataDiskInput, idempotencyKey: string) {
  return http.call(applications.expandDataDisk, { body: input, idempotencyKey, silent: true });
}

/** Grows an application's data disk, once however often a lost answer makes the user confirm again. */
export function useExpandDataDisk() {
  return useComputeMutation(useIdempotentCall(expandDataDisk));
}
