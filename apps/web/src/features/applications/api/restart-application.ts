import { applications } from '@suanli/contract';
import { http } from '@/shared/http';
import { useComputeMutation } from './use-compute-mutation';

/** Silent: "no idle GPU" is answered with a dialog that offers to recreate the application from its image. */
export function restartApplication(id: string) {
  return http.call(applications.restartApplication, { params: { id }, silent: true });
}

export const useRestartApplication = () => useComputeMutation(restartApplication);
