import { randomBytes } from 'node:crypto';
import { money } from '@suanli/contract';
import type { Db } from '../../db/client.js';
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

/**
 * What a call through the gateway costs, paid through the one metering path (decision 0024): a usage record of one
 * `apiCalls` unit, which the wallet settles in power points, earliest-expiring first (decision 0032).
 */
export function callsService({ db, clock, wallet, pointsPerCall }: CallsDependencies) {
  const rate: Rate = { price: money(BigInt(pointsPerCall) * POINT_VALUE), per: 1 };

  return {
    pointsPerCall,

    /**
     * Pays for one call before it is forwarded, in a transaction of its own that writes the points' history row
     * naming the call (its reference); refuses with 402 when the points do not cover it, and then nothing is spent.
     * Answers the call's reference.
     */
    async bill(caller: Caller): Promise<string> {
      const now = clock.now();
      // Random, never the client's request id: a reference already spent is not spent again (power.spendPoints).
      const orderNo = `G${randomBytes(10).toString('hex')}`;
      const [settled] = await inTransaction(db, (tx) =>
        wallet.settle(tx, [
          {
            userId: caller.userId,
            product: 'apiCalls',
            unit: 'call',
            quantity: 1,
            rate,
            billed: 0,
            period: { from: now, to: now },
            orderNo,
            shortfall: 'partial',
          },
        ]),
      );
      if (settled!.quantity === 0) {
        throw new AppError('paymentRequired', {
          messageKey: 'apiOpen.pointsExhausted',
          params: { points: pointsPerCall, balance: String(settled!.spendable / POINT_VALUE) },
        });
      }
      return orderNo;
    },
  };
}

export type CallsService = ReturnType<typeof callsService>;
