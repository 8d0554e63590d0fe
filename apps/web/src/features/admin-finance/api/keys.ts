import { rootKeys } from '@/shared/query/root-keys';

/** Query keys of the finance desk; a decision refreshes its own list (`bankOrders`, …), which the next page reads. */
export const adminFinanceKeys = {
  all: [...rootKeys.account, 'adminFinance'] as const,
  bankOrders: () => [...adminFinanceKeys.all, 'bankOrders'] as const,
  invoices: () => [...adminFinanceKeys.all, 'invoices'] as const,
  withdrawals: (status: string) => [...adminFinanceKeys.all, 'withdrawals', status] as const,
};
