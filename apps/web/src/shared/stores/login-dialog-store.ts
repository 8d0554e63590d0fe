import { create } from 'zustand';

/** Why the dialog opened, when the visitor did not ask for it: their session ended (spec §8, 401). */
export type LoginReason = 'sessionEnded';

interface LoginDialogState {
  open: boolean;
  reason: LoginReason | null;
  show: (reason?: LoginReason) => void;
  hide: () => void;
}

/** The global login dialog of spec §2: any page, the guard and the HTTP client open it. */
export const useLoginDialog = create<LoginDialogState>()((set) => ({
  open: false,
  reason: null,
  show: (reason) => set({ open: true, reason: reason ?? null }),
  hide: () => set({ open: false, reason: null }),
}));
