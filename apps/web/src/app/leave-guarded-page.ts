import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import type { AppRouter } from './router';
import { findRoute } from './routes/route-table';

/**
 * A guest never stays on a page that needs login (issue 9): when a session ends there (a 401, or a logout in another
 * tab) and the login dialog is closed without logging in, or was never opened, the page is left for `/`, as the guard
 * would have sent a guest who opened it. It reads the router's own state rather than a render's: React applies router
 * updates as transitions, so a render caused by the session store may still show the page being left (logout's own
 * navigation to /aigc), and only an idle router on a guarded page is left.
 */
export function leaveGuardedPages(router: AppRouter): () => void {
  const check = () => {
    const { state } = router;
    if (useSession.getState().isLogin || useLoginDialog.getState().open) {
      return;
    }
    if (!state.initialized || state.navigation.state !== 'idle') {
      return;
    }
    const route = findRoute(state.location.pathname);
    if (route && !route.noPermission) {
      void router.navigate('/', { replace: true });
    }
  };
  const stops = [useSession.subscribe(check), useLoginDialog.subscribe(check), router.subscribe(check)];
  return () => stops.forEach((stop) => stop());
}
