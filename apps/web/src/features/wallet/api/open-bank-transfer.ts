import { recharge } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, useIdempotentCall } from '@/shared/http';
import { walletKeys } from './keys';

export type BankTransfer = Awaited<ReturnType<typeof openBankTransfer>>;

/** Opens a bank-transfer order for a whole amount in yuan; answers the account to pay into and the remark to write. */
export function openBankTransfer(amount: number, idempotencyKey: string) {
  return http.call(recharge.createBankRecharge, { query: { amount: String(amount) }, idempotencyKey, silent: true });
}

/**
 * The new order waits in the order list, pending, until an operator confirms the transfer; a double click or a retry
 * after a lost answer gets the same order back (useIdempotentCall).
 */
export function useOpenBankTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useIdempotentCall(openBankTransfer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.orders() }),
  });
}
