import { TIMING } from '@suanli/contract';
import { create } from 'zustand';

interface CodeCountdownsState {
  /** When each (purpose, account) may have its next code, in milliseconds since the epoch. */
  deadlines: Record<string, number>;
  start: (key: string) => void;
}

/**
 * The 60-second resend wait of spec §4, kept per purpose and account for the page's life rather than by the button:
 * a tab switch or a reopened dialog unmounts the button, and a count that restarted from zero would let the user ask
 * again only to be refused by the server (issue 9). Another account has its own count.
 */
export const useCodeCountdowns = create<CodeCountdownsState>()((set) => ({
  deadlines: {},
  start: (key) =>
    set((state) => ({ deadlines: { ...state.deadlines, [key]: Date.now() + TIMING.codeResendSeconds * 1000 } })),
}));

/** The key a count is kept under; an e-mail counts the same whatever its case. */
export function countdownKey(purpose: string, account: string | undefined): string {
  return `${purpose}:${(account ?? '').trim().toLowerCase()}`;
}
