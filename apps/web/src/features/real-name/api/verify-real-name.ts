import { realName } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { rootKeys } from '@/shared/query/root-keys';

export interface VerifyRealNameInput {
  realName: string;
  idCard: string;
}

/**
 * Spends one of the day's three attempts (spec §5) and answers the updated record. Silent: the form reports a refusal
 * under the field it names.
 */
export function verifyRealName(input: VerifyRealNameInput) {
  return http.call(realName.verifyRealName, { query: input, silent: true });
}

/**
 * Any attempt, refused or not, changes the attempts left; a success also changes the user's verification status,
 * which the current user and the guard's check carry. All of it is account data, so the account root is refreshed.
 */
export function useVerifyRealName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyRealName,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKeys.account }),
  });
}
