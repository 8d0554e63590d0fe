import { redeem } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, useIdempotentCall } from '@/shared/http';
import { walletKeys } from './keys';

function redeemCode(code: string, idempotencyKey: string) {
  return http.call(redeem.redeemCode, { query: { code }, idempotencyKey, silent: true });
}

/**
 * Redeems a code, once however often a double click or a lost answer sends it again (useIdempotentCall); a code
 * submitted after a final answer is a new attempt. The balance and ledger are read again whatever the answer.
 */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useIdempotentCall(redeemCode),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
