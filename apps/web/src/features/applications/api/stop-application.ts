import { applications } from '@suanli/contract';
import { http } from '@/shared/http';
import { useComputeMutation } from './use-compute-mutation';

/** Stops it: billing ends, its GPUs are released and its disks kept for 7 days. */
export function stopApplication(id: string) {
  return http.call(applications.stopApplication, { params: { id } });
}

export const useStopApplication = () => useComputeMutation(stopApplication, { movesMoney: true });
