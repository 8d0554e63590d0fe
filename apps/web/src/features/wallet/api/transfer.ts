import { wallet } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { http, isHttpError, newIdempotencyKey } from '@/shared/http';
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
 * Whether a failed transfer may still have gone through: no answer, an answer without an envelope, a server error or
 * a 409 (the same key still being worked on). A refusal with a code below 500 is final, and the server keeps it
 * under the key for a day, so a later attempt after a top-up needs a key of its own.
 */
function outcomeUnknown(error: unknown): boolean {
  if (!isHttpError(error) || error.kind !== 'response') {
    return true;
  }
  return (error.code ?? 500) >= 500 || error.code === 409;
}

/**
 * Sends one transfer with an Idempotency-Key. The key is kept while the same recipient and amount are submitted again
 * after an attempt whose outcome is unknown, so a retry cannot pay twice; anything else gets a new key.
 */
export function useTransfer() {
  const queryClient = useQueryClient();
  const attempt = useRef<{ input: TransferInput; key: string } | null>(null);
  return useMutation({
    mutationFn: (input: TransferInput) => {
      const previous = attempt.current;
      const retry = previous?.input.username === input.username && previous.input.amount === input.amount;
      const key = retry ? previous.key : newIdempotencyKey();
      attempt.current = { input, key };
      return transfer(input, key);
    },
    onSuccess: () => {
      attempt.current = null;
    },
    onError: (error) => {
      if (!outcomeUnknown(error)) {
        attempt.current = null;
      }
    },
    // Even a failed attempt may have moved money (a lost answer), so the balance and ledger are read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
