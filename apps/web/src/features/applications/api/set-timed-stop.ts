import { applications } from '@suanli/contract';
import { http } from '@/shared/http';
import { useComputeMutation } from './use-compute-mutation';

/** Sets when a running application stops by itself (ISO 8601), or cancels it with null. */
export function setTimedStop({ id, time }: { id: string; time: string | null }) {
  return http.call(applications.setTimedStop, { params: { id }, query: { time: time ?? '' } });
}

export const useSetTimedStop = () => useComputeMutation(setTimedStop);
