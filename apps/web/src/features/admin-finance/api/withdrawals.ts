import { partners, type EndpointData } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminFinanceKeys } from './keys';

export type WithdrawalPage = EndpointData<typeof partners.listWithdrawals>;
export type WithdrawalRow = WithdrawalPage['rows'][number];
export type WithdrawalFilters = { status?: WithdrawalRow['status'] };

function fetchWithdrawalPage({ pageNum, pageSize, sort: _sort, ...filters }: PageParams<WithdrawalFilters>) {
  return http.call(partners.listWithdrawals, { query: { pageNum, pageSize, ...filters } });
}

/** Partners' withdrawals in one status (submitted first), oldest first, paged by the server. */
export function useWithdrawalPages() {
  return usePagedQuery<WithdrawalPage, WithdrawalFilters>({
    queryKey: adminFinanceKeys.withdrawals(),
    fetcher: fetchWithdrawalPage,
    initialFilters: { status: 'submitted' },
  });
}

export interface WithdrawalDecision {
  id: string;
  decision: 'complete' | 'reject';
  note?: string;
  reason: string;
}

/** Completes (paid out) or rejects a submitted withdrawal; silent, as the dialog reports a refusal or a colleague's 409. */
export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: WithdrawalDecision) =>
      http.call(partners.decideWithdrawal, { params: { id }, body, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFinanceKeys.all }),
  });
}
