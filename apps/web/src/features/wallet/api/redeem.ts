import { redeem } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, newIdempotencyKey } from '@/shared/http';
import { walletKeys } from './keys';

/**
 * Redeems a code. Each submission carries a key of its own: a retry the browser makes of one submission replays its
 * answer, while a code typed again is a new attempt. The balance and ledger are read again whatever the answer.
 */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      http.call(redeem.redeemCode, { query: { code }, idempotencyKey: newIdempotencyKey(), silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
