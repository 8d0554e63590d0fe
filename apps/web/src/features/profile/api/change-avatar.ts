import { users } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { rootKeys } from '@/shared/query/root-keys';

/** Makes an uploaded object the avatar and answers its URL. */
export async function changeAvatar(key: string): Promise<string> {
  const { avatarUrl } = await http.call(users.changeAvatar, { query: { avatar: key } });
  return avatarUrl;
}

/** The header shows the avatar from the current user, another feature's query under the account root. */
export function useChangeAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.account }),
  });
}
