import { users } from '@suanli/contract';
import { http } from '../../../shared/http';
import { useSession } from '../../../shared/stores/session-store';

/** Makes an uploaded object the avatar; the header shows the new picture from the session at once. */
export async function changeAvatar(key: string): Promise<string> {
  const { avatarUrl } = await http.call(users.changeAvatar, { query: { avatar: key } });
  const { userInfoMsg, setUserInfo } = useSession.getState();
  if (userInfoMsg) {
    setUserInfo({ ...userInfoMsg, avatarUrl });
  }
  return avatarUrl;
}
