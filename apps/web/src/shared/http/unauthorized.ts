import { useLoginDialog } from '../stores/login-dialog-store';
import { useSession } from '../stores/session-store';

/**
 * Spec §8 on 401: clear the login, mark the session logged out, open the login dialog once. Several requests failing
 * together find the dialog already open and leave it alone; it can open again after the user has closed it.
 */
export function handleUnauthorized(clearToken: boolean): void {
  const session = useSession.getState();
  if (clearToken) {
    session.clearSession();
  } else {
    session.setLoggedOut();
  }
  const dialog = useLoginDialog.getState();
  if (!dialog.open) {
    dialog.show();
  }
}
