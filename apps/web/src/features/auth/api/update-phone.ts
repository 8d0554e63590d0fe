import { auth } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { authKeys } from './keys';

export interface UpdatePhoneInput {
  phonenumber: string;
  /** The SMS code of purpose 'phone' sent to the new number. */
  verificationCode: string;
  /** The SMS code of purpose 'oldPhone' sent to the current number, when the account has one (issue 7). */
  oldPhoneCode?: string;
}

/** Silent: the phone form reports a refusal under the field it names (a wrong code, the current number). */
export function updatePhone(body: UpdatePhoneInput): Promise<null> {
  return http.call(auth.updatePhone, { body, silent: true });
}

export function useUpdatePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.currentUser() }),
  });
}
