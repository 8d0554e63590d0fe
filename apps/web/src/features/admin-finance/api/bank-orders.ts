import { recharge, type PaymentStatus } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, useIdempotentCall } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminFinanceKeys } from './keys';

/** The queue's filters: a status (pending when unset, as the server reads it) and an order number from a remark. */
export type BankOrderFilters = { status?: PaymentStatus; orderNo?: string };

export type BankOrderPage = Awaited<ReturnType<typeof fetchBankOrderPage>>;
export type BankOrderRow = BankOrderPage['rows'][number];

function fetchBankOrderPage({ pageNum, pageSize, sort: _sort, ...filters }: PageParams<BankOrderFilters>) {
  return http.call(recharge.listBankOrders, { query: { pageNum, pageSize, ...filters } });
}

export function useBankOrderPages() {
  return usePagedQuery<BankOrderPage, BankOrderFilters>({
    queryKey: adminFinanceKeys.bankOrders(),
    fetcher: fetchBankOrderPage,
  });
}

export type BankOrderDecision =
  | { verb: 'confirm'; orderNo: string; amount: string; reason: string }
  | { verb: 'reject'; orderNo: string; reason: string };

/**
 * Confirms a transfer that arrived (credited once, under one idempotency key per intent) or rejects an order no
 * transfer came for. The dialog reports a refusal under its field, so the call itself is silent.
 */
export function useDecideBankOrder() {
  const queryClient = useQueryClient();
  const confirm = useIdempotentCall(
    ({ orderNo, amount, reason }: { orderNo: string; amount: string; reason: string }, idempotencyKey: string) =>
      http.call(recharge.confirmBankRecharge, {
        params: { orderNo },
        body: { amount, reason },
        idempotencyKey,
        silent: true,
      }),
  );
  return useMutation({
    mutationFn: (decision: BankOrderDecision) =>
      decision.verb === 'confirm'
        ? confirm(decision)
        : http.call(recharge.rejectBankRecharge, {
            params: { orderNo: decision.orderNo },
            body: { reason: decision.reason },
            silent: true,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFinanceKeys.bankOrders() }),
  });
}
