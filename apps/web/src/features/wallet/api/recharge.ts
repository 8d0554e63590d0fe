import { recharge, type PaymentStatus } from '@suanli/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, useIdempotentCall } from '@/shared/http';
import { walletKeys } from './keys';

export type RechargeChannel = 'wechat' | 'alipay';
export type RechargeOrder = Awaited<ReturnType<typeof openRecharge>>;

// How often the QR screen asks whether the order was paid: quick enough that success shows the moment it happens.
const POLL_MS = 2_000;

const OPEN = { wechat: recharge.createWechatRecharge, alipay: recharge.createAlipayRecharge } as const;
const CANCEL = { wechat: recharge.cancelWechatRecharge, alipay: recharge.cancelAlipayRecharge } as const;

/** Opens an order for a whole amount in yuan; answers what its QR encodes and when it stops working. */
export function openRecharge(
  { channel, amount }: { channel: RechargeChannel; amount: number },
  idempotencyKey: string,
) {
  return http.call(OPEN[channel], { body: { amount: String(amount) }, idempotencyKey, silent: true });
}

/** One order per intent: a double click or a retry after a lost answer gets the same order back (useIdempotentCall). */
export function useOpenRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useIdempotentCall(openRecharge),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.orders() }),
  });
}

export type AlipayWapOrder = Awaited<ReturnType<typeof openAlipayWap>>;

/**
 * Opens an Alipay order paid on Alipay's mobile-website page, for a phone that cannot scan the QR it would show;
 * answers the address to send the browser to, which comes back to the recharge page with the order number.
 */
export function openAlipayWap(amount: number, idempotencyKey: string) {
  return http.call(recharge.createAlipayOrder, { query: { amount: String(amount) }, idempotencyKey, silent: true });
}

/** One order per intent, as useOpenRecharge. */
export function useOpenAlipayWap() {
  return useMutation({ mutationFn: useIdempotentCall(openAlipayWap) });
}

/** Where an order stands, asked every two seconds while it is pending; silent, as the QR screen shows the outcome. */
export const paymentStatusQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: walletKeys.paymentStatus(orderNo),
    queryFn: () => http.call(recharge.getPaymentStatus, { query: { orderNo }, silent: true }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' || !query.state.data ? POLL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

export function usePaymentStatus(orderNo: string) {
  return useQuery(paymentStatusQueryOptions(orderNo));
}

/**
 * Closes the order at the provider (its QR's expiry alone would not stop a payment). It may answer paid, when the
 * payer was quicker; the wallet is read again either way.
 */
export function useCancelRecharge(channel: RechargeChannel, orderNo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.call(CANCEL[channel], { params: { id: orderNo }, silent: true }),
    onSuccess: ({ status }: { status: PaymentStatus }) =>
      queryClient.setQueryData(walletKeys.paymentStatus(orderNo), { status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
