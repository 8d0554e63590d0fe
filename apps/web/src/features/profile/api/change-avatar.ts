import { users } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { rootKeys } from '@/shared/query/root-keys';

/**
 * Makes an uploaded object the avatar and answers its URL. Silent: the avatar card says why it failed (a file whose
 * bytes are not the image it claims to be, issue 9).
 */
export async function changeAvatar(key: string): Promise<string> {
  const { avatarUrl } = await http.call(users.changeAvatar, { query: { avatar: key }, silent: true });
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
