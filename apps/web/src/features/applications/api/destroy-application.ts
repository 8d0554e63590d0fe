import { applications } from '@suanli/contract';
import { http } from '@/shared/http';
import { useComputeMutation } from './use-compute-mutation';

/** Destroys it and its disks; its GPUs are released. */
export function destroyApplication(id: string) {
  return http.call(applications.destroyApplication, { params: { id } });
}

export const useDestroyApplication = () => useComputeMutation(destroyApplication, { movesMoney: true });
