import { wallet } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, useIdempotentCall } from '@/shared/http';
import { walletKeys } from './keys';

export interface TransferInput {
  /** The recipient's phone or e-mail, as looked up. */
  username: string;
  /** Yuan with two decimals (normalizeAmount), as text so that no float ever holds it. */
  amount: string;
}

/** Silent: the transfer form shows a refusal under the field it names, and its own words for anything else. */
export function transfer(input: TransferInput, idempotencyKey: string) {
  return http.call(wallet.transfer, { body: input, idempotencyKey, silent: true });
}

/**
 * Sends one transfer with an Idempotency-Key, kept while the same recipient and amount are submitted again during or
 * after an attempt whose outcome is unknown, so a double click or a retry cannot pay twice.
 */
export function useTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useIdempotentCall(transfer),
    // Even a failed attempt may have moved money (a lost answer), so the balance and ledger are read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
