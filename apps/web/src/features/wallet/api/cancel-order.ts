import { recharge, type PaymentChannel } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { walletKeys } from './keys';

const CANCEL = {
  wechat: (orderNo: string) => http.call(recharge.cancelWechatRecharge, { params: { id: orderNo } }),
  alipay: (orderNo: string) => http.call(recharge.cancelAlipayRecharge, { params: { id: orderNo } }),
  bank: (orderNo: string) => http.call(recharge.cancelBankRecharge, { params: { orderNo } }),
} as const;

/**
 * Cancels a pending recharge from the order list, whichever way it is paid: a QR order is closed at its provider (it may
 * answer paid, when the payer was quicker), a bank transfer is closed here. The wallet is read again either way.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, orderNo }: { channel: PaymentChannel; orderNo: string }) => CANCEL[channel](orderNo),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
