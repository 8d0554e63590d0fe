import { vouchers } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { walletKeys } from './keys';

/** Whether a recharge now earns a voucher, and each tier: recharge at least this much, get a voucher of that. */
export function fetchRechargeReturn() {
  return http.call(vouchers.getRechargeReturn);
}

export function useRechargeReturn() {
  return useQuery({ queryKey: walletKeys.rechargeReturn(), queryFn: fetchRechargeReturn, staleTime: 5 * 60_000 });
}
