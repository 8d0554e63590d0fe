import { SHELL_HINT_COOKIE, TIMING } from '@suanli/contract';
import Cookies from 'js-cookie';
import { currentLanguage } from '@/shared/i18n';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';

function writeShellHint(): void {
  const { token, isLogin } = useSession.getState();
  if (token !== null && isLogin) {
    Cookies.set(SHELL_HINT_COOKIE, currentLanguage(), { expires: TIMING.shellHintDays, sameSite: 'Lax', path: '/' });
  } else {
    Cookies.remove(SHELL_HINT_COOKIE, { path: '/' });
  }
}

/**
 * Keeps the hint cookie of decision 0043 to the session: while a token is stored and the session stands, it holds the
 * interface language, so the server sends a signed-in page's shell in it; a logout, a refused session or another
 * tab's logout removes it. It is written now too, for a token stored before the console kept it.
 */
export function followSessionWithShellHint(): () => void {
  writeShellHint();
  const stopSession = useSession.subscribe((state, previous) => {
    if (state.token !== previous.token || state.isLogin !== previous.isLogin) {
      writeShellHint();
    }
  });
  const stopSettings = useInterfaceSettings.subscribe((state, previous) => {
    if (state.appLanguage !== previous.appLanguage) {
      writeShellHint();
    }
  });
  return () => {
    stopSession();
    stopSettings();
  };
}
