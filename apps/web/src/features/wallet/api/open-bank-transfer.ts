import { recharge } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { walletKeys } from './keys';

export type BankTransfer = Awaited<ReturnType<typeof openBankTransfer>>;

/** Opens a bank-transfer order for a whole amount in yuan; answers the account to pay into and the remark to write. */
export function openBankTransfer(amount: number) {
  return http.call(recharge.createBankRecharge, { query: { amount: String(amount) }, silent: true });
}

/** The new order waits in the order list, pending, until an operator confirms the transfer. */
export function useOpenBankTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openBankTransfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.orders() }),
  });
}
