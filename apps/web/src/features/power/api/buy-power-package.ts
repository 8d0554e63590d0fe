import { power, type PowerPackage } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { rootKeys } from '@/shared/query/root-keys';

export interface BuyPackageInput {
  plan: PowerPackage;
  months: number;
  /** One per confirmation, so that pressing its button again after a lost answer cannot buy twice. */
  idempotencyKey: string;
}

/** Silent: the confirmation says what went wrong, with a way to recharge when the balance is short. */
export function buyPowerPackage({ plan, months, idempotencyKey }: BuyPackageInput) {
  return http.call(power.buyPowerPackage, { body: { package: plan, months }, idempotencyKey, silent: true });
}

/** Refreshes the balance, the ledger, the points and the running packages, whatever the answer. */
export function useBuyPowerPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyPowerPackage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKeys.wallet }),
  });
}
