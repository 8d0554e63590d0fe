import { create } from 'zustand';

/** Why the dialog opened, when the visitor did not ask for it: their session ended (spec §8, 401). */
export type LoginReason = 'sessionEnded';

interface LoginDialogState {
  open: boolean;
  reason: LoginReason | null;
  /**
   * Where a guest was going when an action asked them to log in ("rent" on /aigc); the app takes them there once the
   * login succeeds (app/continue-after-login.ts). Closing the dialog forgets it.
   */
  next: string | null;
  show: (reason?: LoginReason) => void;
  /** Opens the dialog for an action that continues at `next` after login. */
  showThenContinue: (next: string) => void;
  hide: () => void;
}

/** The global login dialog of spec §2: any page, the guard and the HTTP client open it. */
export const useLoginDialog = create<LoginDialogState>()((set) => ({
  open: false,
  reason: null,
  next: null,
  show: (reason) => set({ open: true, reason: reason ?? null, next: null }),
  showThenContinue: (next) => set({ open: true, reason: null, next }),
  hide: () => set({ open: false, reason: null, next: null }),
}));
