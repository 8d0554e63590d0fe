import { power } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { rootKeys } from '@/shared/query/root-keys';

export interface BuyPointsInput {
  /** Whole yuan. */
  amount: number;
  /** One per confirmation, so that pressing its button again after a lost answer cannot buy twice. */
  idempotencyKey: string;
}

/** Silent: the purchase form says what went wrong, with a way to recharge when the balance is short. */
export function buyPoints({ amount, idempotencyKey }: BuyPointsInput) {
  return http.call(power.chargeHashrateByBalance, { query: { amount: String(amount) }, idempotencyKey, silent: true });
}

/** Even a failed attempt may have moved money (a lost answer), so the wallet and the points are read again either way. */
export function useBuyPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyPoints,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKeys.wallet }),
  });
}
