import { wallet } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { walletKeys } from './keys';

export type Balance = Awaited<ReturnType<typeof fetchBalance>>;

/** The balance and what the usable vouchers hold, as yuan text with two decimals. */
export function fetchBalance() {
  return http.call(wallet.getBalance);
}

export const balanceQueryOptions = () => queryOptions({ queryKey: walletKeys.balance(), queryFn: fetchBalance });

export function useBalance() {
  return useQuery(balanceQueryOptions());
}
