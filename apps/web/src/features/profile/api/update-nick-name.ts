import { users } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { rootKeys } from '@/shared/query/root-keys';

/** Renames the current user. Silent: the nickname form reports a refusal under its field. */
export async function updateNickName(nickName: string): Promise<string> {
  const data = await http.call(users.updateNickName, { query: { nickName }, silent: true });
  return data.nickName;
}

/** The header and dropdown show the name from the current user, another feature's query under the account root. */
export function useUpdateNickName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNickName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.account }),
  });
}
