import { create } from 'zustand';

interface LoginDialogState {
  open: boolean;
  show: () => void;
  hide: () => void;
}

/** The global login dialog of spec §2: any page, the guard and the HTTP client open it. */
export const useLoginDialog = create<LoginDialogState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
