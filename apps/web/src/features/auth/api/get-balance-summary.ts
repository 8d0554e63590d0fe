import { skipToken, useQuery } from '@tanstack/react-query';
import { authKeys } from './keys';

export interface BalanceSummary {
  /** Yuan text with two decimals, as the server sends money (ARCHITECTURE §3). */
  balance: string;
  voucher: string;
}

const NO_BALANCE: BalanceSummary = { balance: '0.00', voucher: '0.00' };

/**
 * The balance and vouchers in the avatar dropdown (spec §2). No endpoint serves them until the wallet arrives, so the
 * query has no fetcher yet and reads zeros; the wallet issue gives it one, and the dropdown does not change.
 */
export function useBalanceSummary() {
  return useQuery<BalanceSummary>({
    queryKey: authKeys.balanceSummary(),
    queryFn: skipToken,
    placeholderData: NO_BALANCE,
  });
}
