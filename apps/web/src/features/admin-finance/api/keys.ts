import { rootKeys } from '@/shared/query/root-keys';

/** Query keys of the finance desk; a decision refreshes its own list (`bankOrders`, …), which the next page reads. */
export const adminFinanceKeys = {
  all: [...rootKeys.account, 'adminFinance'] as const,
  bankOrders: () => [...adminFinanceKeys.all, 'bankOrders'] as const,
  invoices: () => [...adminFinanceKeys.all, 'invoices'] as const,
  withdrawals: () => [...adminFinanceKeys.all, 'withdrawals'] as const,
  rechargeOrders: () => [...adminFinanceKeys.all, 'rechargeOrders'] as const,
  ledgerCheck: () => [...adminFinanceKeys.all, 'ledgerCheck'] as const,
  reconciliations: () => [...adminFinanceKeys.all, 'reconciliations'] as const,
  redeemBatches: () => [...adminFinanceKeys.all, 'redeemBatches'] as const,
};
