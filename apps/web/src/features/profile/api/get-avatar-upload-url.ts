import { users } from '@suanli/contract';
import { http } from '@/shared/http';

/** A signed URL to PUT one avatar image to, with the object key to hand to changeAvatar afterwards. */
export function fetchAvatarUploadUrl(fileName: string) {
  // Silent: the avatar card reports a failed upload once, whichever step failed.
  return http.call(users.getAvatarUploadUrl, { query: { fileName }, silent: true });
}
