import { wallet } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { authKeys } from './keys';

/** The balance and what the usable vouchers hold, as yuan text with two decimals (ARCHITECTURE §3). */
export function fetchBalanceSummary() {
  return http.call(wallet.getBalance);
}

/**
 * The balance and vouchers in the avatar dropdown (spec §2), asked of the wallet's endpoint when the dropdown first
 * opens. Its key sits under the wallet root, so a transfer or any other money movement refreshes it.
 */
export function useBalanceSummary() {
  return useQuery({ queryKey: authKeys.balanceSummary(), queryFn: fetchBalanceSummary });
}
