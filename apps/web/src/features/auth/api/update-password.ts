import { auth } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { authKeys } from './keys';

export interface UpdatePasswordInput {
  /** Only when a password exists already (getIsPwd). */
  oldPassword?: string;
  password: string;
}

/** Silent: the password form reports a refusal under the field it names (a wrong current password). */
export function updatePassword(body: UpdatePasswordInput): Promise<null> {
  return http.call(auth.updatePassword, { body, silent: true });
}

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.isPwd() }),
        queryClient.invalidateQueries({ queryKey: authKeys.currentUser() }),
      ]),
  });
}
