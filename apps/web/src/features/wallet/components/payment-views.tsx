import { lazyNamed } from '@/shared/ui/lazy-with-timeout';
import { loadedWhenShown } from '@/shared/ui/loaded-when-shown';

// What an order opens (a recharge's QR dialog, a bank transfer's remittance details, the outcome shown to a payer back
// from Alipay's page) loads with the order, not with the recharge center (issue 25). A dialog starts loading with the
// order's request (preloadPaymentDialogs), so that it is there when the order is.
const loadRechargeDialog = () => import('./recharge-dialog');
const loadBankTransferDialog = () => import('./bank-transfer-dialog');

/** Starts loading the dialogs an order is about to open; a failure is left to the dialog's own load to report. */
export function preloadPaymentDialogs(): void {
  void loadRechargeDialog().catch(() => undefined);
  void loadBankTransferDialog().catch(() => undefined);
}

export const RechargeDialog = loadedWhenShown(lazyNamed(loadRechargeDialog, 'RechargeDialog'));
export const BankTransferDialog = loadedWhenShown(lazyNamed(loadBankTransferDialog, 'BankTransferDialog'));
export const RechargeOutcome = loadedWhenShown(lazyNamed(() => import('./recharge-outcome'), 'RechargeOutcome'));
