import { recharge, type EndpointData } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, useIdempotentCall } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminFinanceKeys } from './keys';

export type RechargeOrderPage = EndpointData<typeof recharge.listRechargeOrdersForOperators>;
export type RechargeOrderRow = RechargeOrderPage['rows'][number];
export type RechargeOrderFilters = { orderNo?: string; userId?: string };

function fetchRechargeOrderPage({ pageNum, pageSize, sort: _sort, ...filters }: PageParams<RechargeOrderFilters>) {
  return http.call(recharge.listRechargeOrdersForOperators, { query: { pageNum, pageSize, ...filters } });
}

/** Paid WeChat Pay and Alipay recharges, newest first, with what was refunded of each. */
export function useRechargeOrderPages() {
  return usePagedQuery<RechargeOrderPage, RechargeOrderFilters>({
    queryKey: adminFinanceKeys.rechargeOrders(),
    fetcher: fetchRechargeOrderPage,
  });
}

export interface RefundInput {
  orderNo: string;
  amount: string;
  /** What the operator saw refunded: a colleague's refund meanwhile makes the server answer 409. */
  refunded: string;
  reason: string;
}

/** Refunds part or all of a recharge, once per intent; silent, as the dialog reports a refusal or a colleague's 409. */
export function useRefundRecharge() {
  const queryClient = useQueryClient();
  const refund = useIdempotentCall(({ orderNo, ...body }: RefundInput, idempotencyKey: string) =>
    http.call(recharge.refundRecharge, { params: { orderNo }, body, idempotencyKey, silent: true }),
  );
  return useMutation({
    mutationFn: refund,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFinanceKeys.rechargeOrders() }),
  });
}
