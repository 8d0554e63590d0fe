import type { QueryClient } from '@tanstack/react-query';
import { forgetVipCookie } from '@/features/auth/api/vip-cookie';
import { USER_ROOTS } from '@/shared/query/root-keys';
import { useSession } from '@/shared/stores/session-store';

/**
 * Keeps the query cache to the session's user. When a session ends (logout, or a 401), that user's data and the VIP
 * cookie go, so the next user never glimpses them; when a new one starts, whatever else an earlier user left and
 * nobody shows (their notices, their profile) goes too. The login dialog's own queries are shown, so they stay.
 */
export function syncCacheWithSession(queryClient: QueryClient): () => void {
  return useSession.subscribe((state, previous) => {
    if (previous.isLogin && !state.isLogin) {
      forgetVipCookie();
      for (const root of USER_ROOTS) {
        queryClient.removeQueries({ queryKey: root });
      }
    }
    if (state.token !== null && state.token !== previous.token) {
      queryClient.removeQueries({ type: 'inactive' });
    }
  });
}
