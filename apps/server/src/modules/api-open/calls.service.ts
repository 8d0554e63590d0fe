import { randomBytes } from 'node:crypto';
import { money } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import { POINT_VALUE, type Rate, type WalletService } from '../wallet/index.js';
import type { Caller } from './credentials.service.js';

interface CallsDependencies {
  db: Db;
  clock: Clock;
  wallet: Pick<WalletService, 'settle'>;
  /** GATEWAY_POINTS_PER_CALL. */
  pointsPerCall: number;
}

/** A call waiting to be paid: told its reference once paid, or why not. */
interface Waiting {
  paid(orderNo: string): void;
  refused(error: unknown): void;
}

/**
 * What a call through the gateway costs, paid through the one metering path (decision 0024): a usage record of
 * `apiCalls` units, which the wallet settles in power points, earliest-expiring first (decision 0032).
 *
 * Calls are paid in groups (group commit): a user's calls that arrive while one of their payments runs wait, and are
 * then paid together in one transaction, so that a user's parallel calls do not each queue on the lock of their points.
 * One payment runs per user on each server; the points' row locks order those of several servers.
 */
export function callsService({ db, clock, wallet, pointsPerCall }: CallsDependencies) {
  const rate: Rate = { price: money(BigInt(pointsPerCall) * POINT_VALUE), per: 1 };
  // Per user: the calls waiting for the next payment. A user is here exactly while one of their payments runs.
  const queues = new Map<UserId, Waiting[]>();

  function exhausted(spendable: bigint) {
    return new AppError('paymentRequired', {
      messageKey: 'apiOpen.pointsExhausted',
      params: { points: pointsPerCall, balance: String(spendable / POINT_VALUE) },
    });
  }

  /**
   * Pays for a group of calls in a transaction of its own: one usage record of as many units as calls, settled with
   * shortfall `partial`, so the first calls the points cover are paid (one points-history row, one reference, for the
   * group) and the rest refused with 402. Then pays the calls that arrived meanwhile, if any.
   */
  async function payGroup(userId: UserId, group: Waiting[]) {
    const now = clock.now();
    // Random, never the client's request id: a reference already spent is not spent again (power.spendPoints).
    const orderNo = `G${randomBytes(10).toString('hex')}`;
    try {
      const [settled] = await inTransaction(db, (tx) =>
        wallet.settle(tx, [
          {
            userId,
            product: 'apiCalls',
            unit: 'call',
            quantity: group.length,
            rate,
            billed: 0,
            period: { from: now, to: now },
            orderNo,
            shortfall: 'partial',
          },
        ]),
      );
      const refusal = exhausted(settled!.spendable);
      group.forEach((call, index) => (index < settled!.quantity ? call.paid(orderNo) : call.refused(refusal)));
    } catch (error) {
      for (const call of group) {
        call.refused(error);
      }
    }
    const next = queues.get(userId)!;
    if (next.length === 0) {
      queues.delete(userId);
      return;
    }
    queues.set(userId, []);
    void payGroup(userId, next);
  }

  return {
    pointsPerCall,

    /**
     * Pays for one call before it is forwarded, with the user's other calls of the moment (one transaction a group);
     * refuses with 402 when the points do not cover it, and then nothing is spent for it. Answers the reference of the
     * payment, shared by the calls of its group.
     */
    bill(caller: Caller): Promise<string> {
      return new Promise<string>((paid, refused) => {
        const call = { paid, refused };
        const waiting = queues.get(caller.userId);
        if (waiting) {
          waiting.push(call);
          return;
        }
        queues.set(caller.userId, []);
        void payGroup(caller.userId, [call]);
      });
    },
  };
}

export type CallsService = ReturnType<typeof callsService>;
