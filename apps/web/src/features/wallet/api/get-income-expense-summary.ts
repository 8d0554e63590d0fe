import { wallet, type EndpointData } from '@suanli/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { walletKeys } from './keys';
import type { LedgerFilters } from './list-ledger';

export type IncomeExpenseGranularity = 'day' | 'month';
export type IncomeExpenseSummary = EndpointData<typeof wallet.getIncomeExpenseSummary>;

/**
 * Income and expense summed per business day or month for the ledger's filters, every period of the range present.
 * Silent: the chart shows a refusal (a range too long to chart by day) in its own place.
 */
export function fetchIncomeExpenseSummary(granularity: IncomeExpenseGranularity, filters: LedgerFilters) {
  const { direction, transactionType, startDate, endDate } = filters;
  return http.call(wallet.getIncomeExpenseSummary, {
    query: { granularity, direction, transactionType, startDate, endDate },
    silent: true,
  });
}

/** Under the wallet root, as the ledger is: whatever moves money redraws the chart. */
export function useIncomeExpenseSummary(granularity: IncomeExpenseGranularity, filters: LedgerFilters) {
  return useQuery({
    queryKey: [...walletKeys.incomeExpense(), granularity, filters],
    queryFn: () => fetchIncomeExpenseSummary(granularity, filters),
    // While the next range loads, the bars on screen stay rather than blinking out.
    placeholderData: keepPreviousData,
  });
}
