import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import type { AppRouter } from './router';

/**
 * A guest whose action asked them to log in ("rent" on /aigc) goes where the action was taking them once the dialog
 * closes on a successful login (issue 11: "continues where it left off"). The dialog closes after the login has loaded
 * the user, so the next page opens signed in; a dialog closed without logging in leaves the guest where they are.
 */
export function continueAfterLogin(router: AppRouter): () => void {
  return useLoginDialog.subscribe((state, previous) => {
    if (previous.open && !state.open && previous.next !== null && useSession.getState().isLogin) {
      void router.navigate(previous.next);
    }
  });
}
