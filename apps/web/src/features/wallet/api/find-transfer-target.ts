import { wallet } from '@suanli/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { walletKeys } from './keys';

/**
 * Who a transfer to a phone or e-mail would reach: their nickname, masked. Silent: the transfer form shows "nobody has
 * it" and "that is you" under the recipient field.
 */
export function fetchTransferTarget(username: string) {
  return http.call(wallet.findTransferTarget, { query: { username }, silent: true });
}

/** Asked each time the user looks a recipient up, never from the cache: an account may be made or renamed meanwhile. */
export const transferTargetQueryOptions = (username: string) =>
  queryOptions({
    queryKey: walletKeys.transferTarget(username),
    queryFn: () => fetchTransferTarget(username),
    staleTime: 0,
  });
