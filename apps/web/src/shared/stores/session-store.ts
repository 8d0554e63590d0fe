import { create } from 'zustand';
import { STORAGE_KEYS } from '../config/site';
import { snapshotAsItStands } from './arrival-snapshot';
import { forgetInvitationCode, readInvitationCode, rememberInvitationCode } from './invitation-code';

/**
 * The client side of the session (spec §3): the token and what the browser itself remembers during a visit.
 * Everything the server answers about the user (info, VIP, verification, balance, applications) lives in the query
 * cache instead (ARCHITECTURE §2), read with its query and refreshed by invalidation.
 */
export interface SessionState {
  token: string | null;
  isLogin: boolean;
  /** From the invitationCode query parameter of any URL (spec §2), kept for 30 days until registration. */
  invitationCode: string;
  /** The scene key of a WeChat scan that still needs a phone bound (spec §4). */
  eventKey: string;
}

interface SessionActions {
  setToken: (token: string) => void;
  /** Forgets the token (logout); the app drops the user's cached data when isLogin turns false. */
  clearSession: () => void;
  /** Marks the session logged out but keeps the stored token (spec §8, 401 without a token at page load). */
  setLoggedOut: () => void;
  setInvitationCode: (code: string) => void;
  /** A registration used the code: it has done its work. */
  spendInvitationCode: () => void;
  setEventKey: (eventKey: string) => void;
}

function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

const tokenAtPageLoad = readToken();

/** Spec §8: on 401 the token is cleared only if one existed when the page loaded. */
export const hadTokenAtPageLoad = tokenAtPageLoad !== null;

export const useSession = create<SessionState & SessionActions>()(
  snapshotAsItStands((set) => ({
    token: tokenAtPageLoad,
    isLogin: hadTokenAtPageLoad,
    invitationCode: readInvitationCode(),
    eventKey: '',
    setToken: (token) => {
      localStorage.setItem(STORAGE_KEYS.token, token);
      set({ token, isLogin: true });
    },
    clearSession: () => {
      localStorage.removeItem(STORAGE_KEYS.token);
      set({ token: null, isLogin: false });
    },
    setLoggedOut: () => set({ isLogin: false }),
    setInvitationCode: (invitationCode) => {
      rememberInvitationCode(invitationCode);
      set({ invitationCode });
    },
    spendInvitationCode: () => {
      forgetInvitationCode();
      set({ invitationCode: '' });
    },
    setEventKey: (eventKey) => set({ eventKey }),
  })),
);

/**
 * Follows a login or logout in another tab of the console, which changes the stored token (issue 9): this tab then
 * holds the same session, or none. Answers the function that stops following.
 */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.token || event.storageArea !== localStorage) {
      return;
    }
    const session = useSession.getState();
    if (event.newValue === null) {
      session.clearSession();
    } else if (event.newValue !== session.token) {
      session.setToken(event.newValue);
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
