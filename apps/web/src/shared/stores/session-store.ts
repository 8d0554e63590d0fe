import { TIMING, type users } from '@suanli/contract';
import Cookies from 'js-cookie';
import { create } from 'zustand';
import { STORAGE_KEYS } from '../config/site';
import type { ApplicationStatusSummary, UserBalance, VerifiedStatusValue, VipInfo } from './session-types';

export interface SessionState {
  token: string | null;
  isLogin: boolean;
  userInfoMsg: users.CurrentUser | null;
  vipInfo: VipInfo | null;
  applicationStatus: ApplicationStatusSummary | null;
  verifiedStatus: VerifiedStatusValue;
  userBalance: UserBalance | null;
  invitationCode: string;
  eventKey: string;
  theme: string;
}

interface SessionActions {
  setToken: (token: string) => void;
  /** Forgets the token and everything loaded for the user (logout). */
  clearSession: () => void;
  /** Marks the session logged out but keeps the stored token (spec §8, 401 without a token at page load). */
  setLoggedOut: () => void;
  setUserInfo: (user: users.CurrentUser | null) => void;
  setVipInfo: (vipInfo: VipInfo | null) => void;
  setApplicationStatus: (summary: ApplicationStatusSummary | null) => void;
  setVerifiedStatus: (status: VerifiedStatusValue) => void;
  setUserBalance: (balance: UserBalance | null) => void;
  setInvitationCode: (code: string) => void;
  setEventKey: (eventKey: string) => void;
  setTheme: (theme: string) => void;
}

function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

function readVipInfo(): VipInfo | null {
  const raw = Cookies.get(STORAGE_KEYS.vipInfo);
  if (!raw) {
    return null;
  }
  try {
    return JSON.parse(raw) as VipInfo;
  } catch {
    return null;
  }
}

function writeVipInfo(vipInfo: VipInfo | null): void {
  if (vipInfo) {
    Cookies.set(STORAGE_KEYS.vipInfo, JSON.stringify(vipInfo), { expires: TIMING.vipCookieDays, sameSite: 'Lax' });
  } else {
    Cookies.remove(STORAGE_KEYS.vipInfo);
  }
}

const tokenAtPageLoad = readToken();

/** Spec §8: on 401 the token is cleared only if one existed when the page loaded. */
export const hadTokenAtPageLoad = tokenAtPageLoad !== null;

const loggedOutState = {
  token: null,
  isLogin: false,
  userInfoMsg: null,
  vipInfo: null,
  applicationStatus: null,
  verifiedStatus: '0',
  userBalance: null,
} satisfies Partial<SessionState>;

export const useSession = create<SessionState & SessionActions>()((set) => ({
  ...loggedOutState,
  token: tokenAtPageLoad,
  isLogin: hadTokenAtPageLoad,
  vipInfo: readVipInfo(),
  invitationCode: '',
  eventKey: '',
  theme: 'light',
  setToken: (token) => {
    localStorage.setItem(STORAGE_KEYS.token, token);
    set({ token, isLogin: true });
  },
  clearSession: () => {
    localStorage.removeItem(STORAGE_KEYS.token);
    writeVipInfo(null);
    set(loggedOutState);
  },
  setLoggedOut: () => set({ isLogin: false }),
  setUserInfo: (userInfoMsg) => set({ userInfoMsg }),
  setVipInfo: (vipInfo) => {
    writeVipInfo(vipInfo);
    set({ vipInfo });
  },
  setApplicationStatus: (applicationStatus) => set({ applicationStatus }),
  setVerifiedStatus: (verifiedStatus) => set({ verifiedStatus }),
  setUserBalance: (userBalance) => set({ userBalance }),
  setInvitationCode: (invitationCode) => set({ invitationCode }),
  setEventKey: (eventKey) => set({ eventKey }),
  setTheme: (theme) => set({ theme }),
}));

// A stable empty list, so that selectors do not hand React a new array on every call.
const EMPTY_PERMISSIONS: users.CurrentUser['permissions'] = [];

/** The user's permission entries, matched against route `permission` values (spec §6). */
export function selectPermissions(state: SessionState) {
  return state.userInfoMsg?.permissions ?? EMPTY_PERMISSIONS;
}
