import { formatMoney, LIMITS, money, parseMoney, PaymentChannel, recharge, UNITS_PER_YUAN } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { walletKeys } from './keys';

/** What the recharge page offers (GET /recharge/charge/getInfo): limits, preset amounts, channels, sandbox or not. */
export function fetchRechargeInfo() {
  return http.call(recharge.getRechargeInfo, { silent: true });
}

// What the contract declares, shown at once and replaced by the server's answer, so the presets never jump in late
// and stay when the server cannot answer.
const DECLARED = {
  minAmount: formatMoney(money(LIMITS.rechargeMinUnits)),
  maxAmount: formatMoney(money(LIMITS.rechargeMaxUnits)),
  presets: LIMITS.rechargePresetUnits.map((units) => formatMoney(money(units))),
  channels: [...PaymentChannel.values],
  sandbox: false,
};

/** A money text of whole yuan as the number of yuan a preset button and the amount input hold. */
export const wholeYuan = (text: string) => Number((parseMoney(text) ?? 0n) / UNITS_PER_YUAN);

export function useRechargeInfo() {
  return useQuery({
    queryKey: walletKeys.rechargeInfo(),
    queryFn: fetchRechargeInfo,
    initialData: DECLARED,
    // Older than any staleTime: asked of the server at once.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
}
