import { useBenefitDialog } from '@/features/auth/components/benefit-dialog-store';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';

/**
 * One dialog at a time (issue 9): the newest platform notice waits while the login dialog is open, while a fresh
 * login's benefit check is still out, and while the benefit popup it led to is shown, so that two masks never stack.
 */
export function useDialogQueue(): boolean {
  const loginOpen = useLoginDialog((state) => state.open);
  const benefitAhead = useBenefitDialog((state) => state.checking || state.type !== null);
  return loginOpen || benefitAhead;
}
