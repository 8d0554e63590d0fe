import { partners, type EndpointData } from '@suanli/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { adminFinanceKeys } from './keys';

export type WithdrawalRow = EndpointData<typeof partners.listWithdrawals>[number];
type WithdrawalStatus = WithdrawalRow['status'];

const fetchWithdrawals = (status: WithdrawalStatus) => http.call(partners.listWithdrawals, { query: { status } });

/** Partners' withdrawals in one status, oldest first, as the server lists them whole. */
export function useWithdrawals(status: WithdrawalStatus) {
  return useQuery({ queryKey: adminFinanceKeys.withdrawals(status), queryFn: () => fetchWithdrawals(status) });
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
