import { create } from 'zustand';
import type { BenefitType } from '../api/check-benefit';

interface BenefitDialogState {
  type: BenefitType | null;
  show: (type: BenefitType) => void;
  hide: () => void;
}

/** The benefit-notice dialog of spec §2; it outlives the login dialog that asks for it. */
export const useBenefitDialog = create<BenefitDialogState>()((set) => ({
  type: null,
  show: (type) => set({ type }),
  hide: () => set({ type: null }),
}));
