import { rootKeys } from '@/shared/query/root-keys';

/**
 * Query keys of the wallet area, all under the wallet root: whatever moves money (a transfer here, a recharge or a
 * charge elsewhere) invalidates `rootKeys.wallet` and refreshes the balance and every page of the ledger at once.
 */
export const walletKeys = {
  all: rootKeys.wallet,
  balance: () => [...walletKeys.all, 'balance'] as const,
  ledger: () => [...walletKeys.all, 'ledger'] as const,
  incomeExpense: () => [...walletKeys.all, 'income-expense'] as const,
  orders: () => [...walletKeys.all, 'orders'] as const,
  /** One of the voucher lists: usable vouchers, usable coupons, or those that ended (both kinds). */
  vouchers: (list: 'vouchers' | 'coupons' | 'ended') => [...walletKeys.all, 'vouchers', list] as const,
  rechargeReturn: () => [...walletKeys.all, 'recharge-return'] as const,
  rechargeInfo: () => [...walletKeys.all, 'recharge-info'] as const,
  paymentStatus: (orderNo: string) => [...walletKeys.all, 'payment-status', orderNo] as const,
  // Under the root too: whether an account is "yourself" depends on who asks, so a lookup leaves with the session.
  transferTarget: (username: string) => [...walletKeys.all, 'transfer-target', username] as const,
};
