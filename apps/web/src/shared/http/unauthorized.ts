import { useLoginDialog } from '../stores/login-dialog-store';
import { useSession } from '../stores/session-store';

/**
 * Spec §8 on 401: clear the login, mark the session logged out, open the login dialog once. Several requests failing
 * together find the dialog already open and leave it alone; it can open again after the user has closed it. When a
 * session was live, the dialog says it has ended, so the visitor knows why they are asked to log in (issue 9).
 */
export function handleUnauthorized(clearToken: boolean): void {
  const session = useSession.getState();
  const hadSession = session.isLogin;
  if (clearToken) {
    session.clearSession();
  } else {
    session.setLoggedOut();
  }
  const dialog = useLoginDialog.getState();
  if (!dialog.open) {
    dialog.show(hadSession ? 'sessionEnded' : undefined);
  }
}
