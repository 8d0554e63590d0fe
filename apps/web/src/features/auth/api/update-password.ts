import { auth } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { authKeys } from './keys';

export interface UpdatePasswordInput {
  /** Only when a password exists already (getIsPwd). */
  oldPassword?: string;
  password: string;
}

export function updatePassword(body: UpdatePasswordInput): Promise<null> {
  return http.call(auth.updatePassword, { body });
}

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.isPwd() }),
  });
}
