import { formatMoney, money, type applications, type EndpointInput } from '@suanli/contract';
import type { Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { ApplicationsDependencies } from './applications.service.js';
import * as queries from './applications.queries.js';
import type { ApplicationRow } from './applications.tables.js';
import { lockOwn, notFound } from './own-application.js';
import type { StopReason } from './billing.js';

type TimedStopQuery = EndpointInput<typeof applications.setTimedStop>['query'];

const DAY_MS = 86_400_000;
const TIMED_STOP_MAX_DAYS = 30;

// Jobs change applications inside their own transaction, so they leave the reconciling to the reconcile job, which
// runs after them in the same tick (applications.jobs.ts), rather than watching a change not yet committed.

/**
 * What the owner agreed on for how long an application runs: a timed shutdown and the prepaid term with its renewal;
 * and the jobs' side of it, stopping what is due and deleting stopped applications left for 7 days.
 */
export function rentalTermsService(dependencies: ApplicationsDependencies) {
  const { db, clock, inventory, wallet, billing } = dependencies;

  return {
    async setTimedStop(userId: UserId, id: string, query: TimedStopQuery) {
      const at = query.time ? new Date(query.time) : null;
      const now = clock.now().getTime();
      if (at && (at.getTime() <= now || at.getTime() > now + TIMED_STOP_MAX_DAYS * DAY_MS)) {
        throw new AppError('validation', { messageKey: 'applications.timedStopRange', field: 'time' });
      }
      await inTransaction(db, async (tx) => {
        const row = await lockOwn(tx, userId, id);
        if (at && row.desiredState !== 'running') {
          throw new AppError('businessRule', { messageKey: 'applications.notRunning' });
        }
        await queries.updateApplication(tx, row.id, { timedStopAt: at });
      });
      return { id, timedStopTime: at?.toISOString() ?? null };
    },

    async renew(userId: UserId, body: { id: string; duration: number }) {
      // Priced before the transaction: the customer's VIP grade is read on its own connection, which on PGlite would
      // wait for this transaction's. What the price depends on (model, count, mode) never changes for an application.
      const found = await queries.findOwnRecord(db, userId, BigInt(body.id));
      if (!found) {
        throw notFound(body.id);
      }
      if (found.desiredState === 'destroyed') {
        throw new AppError('conflict', { messageKey: 'applications.destroyed' });
      }
      if (found.billingMode === 'minute') {
        throw new AppError('businessRule', { messageKey: 'applications.notPrepaid' });
      }
      const rental = { mode: found.billingMode, periods: body.duration, gpuCount: found.gpuCount };
      const model = await inventory.pricing.modelOf(found.gpuModel);
      const price = await inventory.pricing.priceFor(userId, model, rental);
      return inTransaction(db, async (tx) => {
        const row = await lockOwn(tx, userId, body.id);
        const now = clock.now();
        // A term still running is extended; one that ended starts anew now, and what it cost is what this one costs.
        const extends_ = row.expiresAt !== null && row.expiresAt > now && row.termStartedAt !== null;
        const expiresAt = inventory.pricing.periodEnd(row.billingMode, body.duration, extends_ ? row.expiresAt! : now)!;
        await wallet.charge(tx, { userId, amount: price, transactionType: 'appOrder', orderNo: row.orderNo });
        await queries.updateApplication(tx, row.id, {
          expiresAt,
          spentUnits: money(row.spentUnits + price),
          termStartedAt: extends_ ? row.termStartedAt : now,
          termPaidUnits: money((extends_ ? row.termPaidUnits : 0n) + price),
        });
        return { id: body.id, expireTime: expiresAt.toISOString(), price: formatMoney(price) };
      });
    },

    /** A job's stop (timed shutdown, prepaid term over): as the owner's stop, in the job's transaction. */
    async stopDue(tx: Tx, row: ApplicationRow, reason: Extract<StopReason, 'timedShutdown' | 'expired'>) {
      const current = await queries.lockApplication(tx, row.id);
      if (!current || current.desiredState !== 'running') {
        return;
      }
      await billing.stopNow(tx, current, { now: clock.now(), reason });
    },

    /** A stopped application's record, not restarted within 7 days, is destroyed with its disks. */
    async deleteStale(tx: Tx, row: ApplicationRow) {
      const current = await queries.lockApplication(tx, row.id);
      if (!current || current.status !== 'stopped' || current.desiredState !== 'stopped') {
        return;
      }
      await queries.transition(tx, current, { desiredState: 'destroyed' });
    },
  };
}

export type RentalTermsService = ReturnType<typeof rentalTermsService>;
