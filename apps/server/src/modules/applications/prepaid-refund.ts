import { BILLING, divideHalfUp, money, type Money } from '@suanli/contract';
import type { ApplicationRow } from './applications.tables.js';

const FEN = 100n;

/**
 * What destroying a prepaid application at `now` gives back (README "Billing rules"): what its paid time cost, pro
 * rata to the time left of it, rounded down to the fen, and the refund fee of that, rounded half-up to the fen. Null
 * when nothing comes back: billed by the minute, the term over, or too little left to outweigh the fee. No fee when
 * the platform took its host out of service (drained, broken, or a GPU of it broken: decision 0037), since the user
 * would otherwise pay for time the platform did not deliver.
 */
export function prepaidRefund(
  row: ApplicationRow,
  now: Date,
  { hostOutOfService }: { hostOutOfService: boolean },
): { amount: Money; fee: Money } | null {
  const { expiresAt, termStartedAt, termPaidUnits } = row;
  if (row.billingMode === 'minute' || !expiresAt || !termStartedAt || expiresAt <= now || termPaidUnits <= 0n) {
    return null;
  }
  const term = BigInt(expiresAt.getTime() - termStartedAt.getTime());
  const left = BigInt(Math.min(expiresAt.getTime() - now.getTime(), Number(term)));
  const amount = money(((termPaidUnits * left) / term / FEN) * FEN);
  const fee = hostOutOfService
    ? money(0n)
    : money(divideHalfUp(amount * BILLING.refundFeeBasisPoints, 10_000n * FEN) * FEN);
  return amount - fee > 0n ? { amount, fee } : null;
}
