import { isWholeFen, money, type Money } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { Clock } from '../../jobs/clock.js';
import { findEarnings, moveEarnings } from './earnings.queries.js';

/** Where a partner's income comes from: a KOL's is the platform's promotion cost, a creator's a share of GPU revenue. */
export type IncomeSource = 'kol' | 'creator';

function mustBeWholeFen(amount: Money, orderNo: string) {
  if (amount <= 0n || !isWholeFen(amount)) {
    throw new RangeError(`an earnings movement must be positive whole fen, got ${amount} for ${orderNo}`);
  }
}

/**
 * A partner's earnings (decision 0031): income credited to the earnings account, a withdrawal held while it is
 * reviewed, released on rejection, paid out on completion with its fee to the platform's fees account. Each in the
 * caller's transaction; each answers false, having moved nothing, when an account would go below zero.
 */
export function earningsService({ clock }: { clock: Clock }) {
  const at = () => clock.now();
  return {
    async creditEarnings(tx: Tx, credit: { userId: UserId; amount: Money; source: IncomeSource; orderNo: string }) {
      const { userId, amount, source, orderNo } = credit;
      mustBeWholeFen(amount, orderNo);
      await moveEarnings(tx, {
        userId,
        orderNo,
        at: at(),
        legs: [
          source === 'kol'
            ? { account: 'earnings', change: amount, type: 'kolIncome', counter: 'promotions' }
            : { account: 'earnings', change: amount, type: 'creatorIncome', counter: 'revenue.gpu' },
        ],
      });
    },

    async holdWithdrawal(tx: Tx, hold: { userId: UserId; amount: Money; orderNo: string }): Promise<boolean> {
      mustBeWholeFen(hold.amount, hold.orderNo);
      return moveEarnings(tx, {
        ...hold,
        at: at(),
        legs: [
          { account: 'earnings', change: money(-hold.amount), type: 'withdrawalHold', counter: null },
          { account: 'held', change: hold.amount, type: 'withdrawalHold', counter: null },
        ],
      });
    },

    async releaseWithdrawal(tx: Tx, release: { userId: UserId; amount: Money; orderNo: string }): Promise<boolean> {
      return moveEarnings(tx, {
        ...release,
        at: at(),
        legs: [
          { account: 'earnings', change: release.amount, type: 'withdrawalRelease', counter: null },
          { account: 'held', change: money(-release.amount), type: 'withdrawalRelease', counter: null },
        ],
      });
    },

    /** The held amount leaves the platform: what is paid to the payee through the bank, and the fee to `fees`. */
    async payOutWithdrawal(
      tx: Tx,
      payout: { userId: UserId; amount: Money; fee: Money; orderNo: string },
    ): Promise<boolean> {
      const { amount, fee } = payout;
      return moveEarnings(tx, {
        ...payout,
        at: at(),
        legs: [
          { account: 'held', change: money(fee - amount), type: 'withdrawalPayout', counter: 'clearing.bank' },
          ...(fee > 0n
            ? [{ account: 'held', change: money(-fee), type: 'withdrawalFee', counter: 'fees' } as const]
            : []),
        ],
      });
    },

    earnings: (db: Db, userId: UserId) => findEarnings(db, userId),
  };
}
