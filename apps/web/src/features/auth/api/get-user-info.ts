import { users } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { useSession } from '@/shared/stores/session-store';
import { authKeys } from './keys';

/** The current user (spec §3): name, avatar, contact, roles and permissions, VIP, verification status. */
export function fetchCurrentUser(): Promise<users.CurrentUser> {
  return http.call(users.getUserInfo);
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: authKeys.currentUser(), queryFn: fetchCurrentUser, staleTime: 5 * 60_000 });

/**
 * The current user while a session is live: loaded on a page load with a stored token and after login, and read by
 * the header, the menu's permissions and the settings pages alike.
 */
export function useCurrentUser() {
  const live = useSession((state) => state.token !== null && state.isLogin);
  return useQuery({ ...currentUserQueryOptions(), enabled: live });
}
