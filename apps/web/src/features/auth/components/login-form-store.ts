import { create } from 'zustand';

interface LoginFormState {
  /** The account typed into the Account or Sms tab; both tabs show it, and it survives a reopening (issue 9). */
  account: string;
  /** The last blur check (spec §4 step 2): which account it asked about and whether that one is registered. */
  checked: { account: string; registered: boolean } | null;
  setAccount: (account: string) => void;
  setChecked: (account: string, registered: boolean) => void;
  /** A login completed: the next visitor at this screen starts from an empty form. */
  reset: () => void;
}

/** What the login dialog's forms remember for the page's life, though the dialog unmounts its tabs and itself. */
export const useLoginForm = create<LoginFormState>()((set) => ({
  account: '',
  checked: null,
  setAccount: (account) => set({ account }),
  setChecked: (account, registered) => set({ checked: { account, registered } }),
  reset: () => set({ account: '', checked: null }),
}));

/**
 * Whether `account` is known to be unregistered, which turns the form into the register form. Any other account than
 * the one checked is not, so changing the account in any way leaves the register form at once (issue 9).
 */
export function isUnregistered(checked: LoginFormState['checked'], account: string | undefined): boolean {
  return checked !== null && checked.account === (account ?? '').trim() && !checked.registered;
}
