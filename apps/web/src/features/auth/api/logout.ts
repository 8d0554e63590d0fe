import { auth } from '@suanli/contract';
import { http } from '@/shared/http';

/** Revokes the session on the server (spec §4 Logout); the caller forgets the token whatever the answer. */
export function logout(): Promise<null> {
  return http.call(auth.logout, { silent: true });
}
