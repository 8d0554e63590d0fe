import { applications } from '@suanli/contract';
import { http } from '@/shared/http';
import { useComputeMutation } from './use-compute-mutation';

/** Pins it to the top of the list, or unpins it. */
export function pinApplication({ id, pinned }: { id: string; pinned: boolean }) {
  return http.call(pinned ? applications.pinApplication : applications.unpinApplication, { params: { id } });
}

export const usePinApplication = () => useComputeMutation(pinApplication);
