import { auth } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { authKeys } from './keys';

export interface UpdateEmailInput {
  email: string;
  /** The e-mail code of purpose 'email' sent to the new address. */
  emailCode: string;
  /** The code of purpose 'oldEmail' sent to the current address, when the account has one. */
  oldEmailCode?: string;
}

/** Silent: the e-mail form reports a refusal under the field it names (a wrong code, the current address). */
export function updateEmail(body: UpdateEmailInput): Promise<null> {
  return http.call(auth.updateEmail, { body, silent: true });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.currentUser() }),
  });
}
