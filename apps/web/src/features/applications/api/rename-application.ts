import { applications } from '@suanli/contract';
import { http } from '@/shared/http';
import { useComputeMutation } from './use-compute-mutation';

export function renameApplication(input: { id: string; appName: string }) {
  return http.call(applications.renameApplication, { body: input });
}

export const useRenameApplication = () => useComputeMutation(renameApplication);
