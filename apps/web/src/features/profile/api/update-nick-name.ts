import { users } from '@suanli/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { useSession } from '../../../shared/stores/session-store';

/** Renames the current user; the header reads the new name from the session at once. */
export async function updateNickName(nickName: string): Promise<string> {
  const data = await http.call(users.updateNickName, { query: { nickName } });
  const { userInfoMsg, setUserInfo } = useSession.getState();
  if (userInfoMsg) {
    setUserInfo({ ...userInfoMsg, nickName: data.nickName });
  }
  return data.nickName;
}

export function useUpdateNickName() {
  return useMutation({ mutationFn: updateNickName });
}
