import { create } from 'zustand';
import type { BenefitType } from '../api/check-benefit';

interface BenefitDialogState {
  type: BenefitType | null;
  /** A login has just completed and the benefit check has not answered yet; other dialogs wait for it. */
  checking: boolean;
  startChecking: () => void;
  show: (type: BenefitType) => void;
  /** The check answered that no popup is due (or failed). */
  settle: () => void;
  hide: () => void;
}

/** The benefit-notice dialog of spec §2; it outlives the login dialog that asks for it. */
export const useBenefitDialog = create<BenefitDialogState>()((set) => ({
  type: null,
  checking: false,
  startChecking: () => set({ checking: true }),
  show: (type) => set({ type, checking: false }),
  settle: () => set({ checking: false }),
  hide: () => set({ type: null, checking: false }),
}));
