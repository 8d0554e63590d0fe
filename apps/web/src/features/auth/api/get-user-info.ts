import { users } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { useSession } from '../../../shared/stores/session-store';
import { authKeys } from './keys';

/**
 * Loads the current user into the session (spec §3), where the menu, permission gates and guard read the
 * permissions and verifiedStatus from.
 */
export async function fetchCurrentUser(): Promise<users.CurrentUser> {
  const user = await http.call(users.getUserInfo);
  const session = useSession.getState();
  session.setUserInfo(user);
  session.setVerifiedStatus(user.verifiedStatus);
  return user;
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: authKeys.currentUser(), queryFn: fetchCurrentUser, staleTime: 5 * 60_000 });

/** Keeps the session's user loaded while a token exists: on a page load with a stored token, and after login. */
export function useCurrentUser() {
  const token = useSession((state) => state.token);
  const isLogin = useSession((state) => state.isLogin);
  return useQuery({ ...currentUserQueryOptions(), enabled: token !== null && isLogin });
}
