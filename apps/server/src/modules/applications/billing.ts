import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { formatMoney, minutesCostInFen, money, type Money } from '@suanli/contract';
import type { Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { defineBatchJob } from '../../jobs/batch-job.js';
import type { NoticesService } from '../notices/index.js';
import { isInsufficientBalance, type WalletService } from '../wallet/index.js';
import * as queries from './applications.queries.js';
import { applicationsTable as apps, type ApplicationRow, type WarningLevel } from './applications.tables.js';

const MINUTE_MS = 60_000;

/** What `minutes` whole minutes cost in all at `hourly` an hour, rounded once to the fen (ARCHITECTURE §4). */
const costOf = (hourly: Money, minutes: number) => minutesCostInFen(hourly, minutes);

/**
 * What the next `due` minutes cost after `billed` were billed, in whole fen: the remainder of the minutes before
 * carries, so a line is what really moved and N minutes cost round(hourly × N / 60) to the fen.
 */
export const minutesCost = (hourly: Money, billed: number, due: number) =>
  money(costOf(hourly, billed + due) - costOf(hourly, billed));

/** Why the platform stopped an application, as its owner's notice says. */
export type StopReason = 'insufficientBalance' | 'expired' | 'timedShutdown';

export interface BillingDependencies {
  wallet: Pick<WalletService, 'charge' | 'chargeMany' | 'spendable'>;
  notices: Pick<NoticesService, 'notifyUser'>;
  /** Applications per transaction of the tick. */
  batchSize?: number;
}

/** Which warning what the owner can spend calls for, given what an hour of their running applications costs. */
export function levelOf(spendable: Money, hourlyBurn: Money): WarningLevel | null {
  if (spendable * 6n < hourlyBurn) {
    return 'tenMinutes';
  }
  return spendable < hourlyBurn ? 'hour' : null;
}

/** Whether the tick bills the application: running as its owner wants, with its count started. */
const billable = (row: ApplicationRow) =>
  row.status === 'running' &&
  row.desiredState === 'running' &&
  row.hourlyPriceUnits !== null &&
  row.billedThrough !== null &&
  row.runningSince !== null;

/** The whole minutes due at `now`, what they cost, and the row as it reads once they are billed. */
function dueAt(row: ApplicationRow, now: Date) {
  const due = Math.max(0, Math.floor((now.getTime() - row.billedThrough!.getTime()) / MINUTE_MS));
  const amount = minutesCost(row.hourlyPriceUnits!, row.billedMinutes, due);
  const billed: ApplicationRow = {
    ...row,
    billedMinutes: row.billedMinutes + due,
    billedThrough: new Date(row.billedThrough!.getTime() + due * MINUTE_MS),
    spentUnits: money(row.spentUnits + amount),
  };
  return { due, amount, billed };
}

/** What the application's next minute will cost once `row`'s minutes are billed. */
const nextMinute = (row: ApplicationRow) => minutesCost(row.hourlyPriceUnits!, row.billedMinutes, 1);

/**
 * Per-minute billing (spec §9, ARCHITECTURE §4 and §6): a running pay-as-you-go application pays each whole minute
 * from `running` through the wallet, vouchers first, under its order number; when balance and vouchers cannot
 * cover the next minute it is stopped and its owner told. Each tick's charge and the minutes it moves commit together
 * with the tick's row key, so a crash bills no minute twice and none is lost. A chunk's charges are posted set-based
 * for owners without vouchers waiting (decision 0016); the others are billed one application at a time.
 */
export function billing({ wallet, notices, batchSize }: BillingDependencies) {
  /**
   * Bills the whole minutes run since `billed_through`, in the caller's transaction with the row locked. Answers
   * whether they were paid; unpaid, nothing is charged and nothing moves.
   */
  async function billDue(tx: Tx, row: ApplicationRow, now: Date): Promise<boolean> {
    // Only a running application is billed: not one starting again, nor an abnormal one.
    if (row.hourlyPriceUnits === null || row.billedThrough === null || row.runningSince === null) {
      return true;
    }
    const { due, amount, billed } = dueAt(row, now);
    if (due === 0) {
      return true;
    }
    if (amount > 0n) {
      try {
        await wallet.charge(tx, { userId: row.userId, amount, transactionType: 'appOrder', orderNo: row.orderNo });
      } catch (error) {
        if (isInsufficientBalance(error)) {
          return false;
        }
        throw error;
      }
    }
    await queries.recordBilled(tx, [billed]);
    return true;
  }

  /**
   * Stops the application now, in the caller's transaction with its row locked: the whole minutes it ran since the
   * last tick are billed (a part minute is not, and minutes the wallet can no longer pay are left unbilled rather than
   * keeping it running), and the owner is told why when it was not their doing. The reconciler ends its process.
   */
  async function stopNow(tx: Tx, row: ApplicationRow, { now, reason }: { now: Date; reason?: StopReason }) {
    await billDue(tx, row, now);
    const stopped = await queries.updateApplication(tx, row.id, {
      desiredState: 'stopped',
      status: row.status === 'abnormal' ? 'stopped' : 'stopping',
      runningSince: null,
      stoppedAt: now,
      timedStopAt: null,
    });
    if (reason) {
      await notices.notifyUser(tx, {
        userId: row.userId,
        kind: 'applicationStopped',
        params: { appName: row.appName, reason },
        at: now,
      });
    }
    return stopped;
  }

  /**
   * Tells each owner once when what they can spend falls below an hour, and again below ten minutes, of their running
   * applications together; what they can spend rising above the hour again (a top-up) clears it for next time.
   */
  async function warnWhenLow(tx: Tx, spendables: Map<UserId, Money>, now: Date) {
    const owners = [...spendables.keys()];
    const [burns, warned] = [await queries.hourlyBurns(tx, owners), await queries.findWarningLevels(tx, owners)];
    for (const [userId, spendable] of spendables) {
      const level = levelOf(spendable, burns.get(userId) ?? money(0n));
      const before = warned.get(userId) ?? null;
      if (level === before || (level === 'hour' && before === 'tenMinutes')) {
        continue;
      }
      await queries.setWarningLevel(tx, userId, { level, at: now });
      if (level !== null) {
        await notices.notifyUser(tx, {
          userId,
          kind: 'lowBalance',
          params: { balance: formatMoney(spendable) },
          at: now,
        });
      }
    }
  }

  /** One tick for one application: bill what is due, stop it if the next minute cannot be paid, warn when low. */
  async function tick(tx: Tx, row: ApplicationRow, now: Date) {
    const current = await queries.lockApplication(tx, row.id);
    if (!current || !billable(current)) {
      return;
    }
    const paid = await billDue(tx, current, now);
    const next = nextMinute(dueAt(current, now).billed);
    const spendable = await wallet.spendable(tx, current.userId, 'appOrder');
    if (!paid || spendable < next) {
      await stopNow(tx, current, { now, reason: 'insufficientBalance' });
      return;
    }
    await warnWhenLow(tx, new Map([[current.userId, spendable]]), now);
  }

  /**
   * A chunk's tick, its rows locked by the claim: the charges of owners the wallet can post set-based (no voucher
   * waiting, the balance covers all their minutes) go in a few statements with the minutes they move; every other
   * application takes `tick`. An application whose owner cannot pay its next minute is then stopped.
   */
  async function tickChunk(tx: Tx, rows: ApplicationRow[], now: Date) {
    const bills = rows
      .filter(billable)
      .map((row) => ({ row, ...dueAt(row, now) }))
      .filter((bill) => bill.due > 0);
    const balances = await wallet.chargeMany(
      tx,
      bills
        .filter((bill) => bill.amount > 0n)
        .map(({ row, amount }) => ({ userId: row.userId, amount, transactionType: 'appOrder', orderNo: row.orderNo })),
    );
    const posted = bills.filter((bill) => balances.has(bill.row.userId));
    await queries.recordBilled(
      tx,
      posted.map((bill) => bill.billed),
    );
    for (const bill of bills.filter((each) => !balances.has(each.row.userId))) {
      await tick(tx, bill.row, now);
    }
    const funded = new Map<UserId, Money>();
    for (const { billed } of posted) {
      const spendable = balances.get(billed.userId)!;
      if (spendable < nextMinute(billed)) {
        await stopNow(tx, billed, { now, reason: 'insufficientBalance' });
      } else {
        funded.set(billed.userId, spendable);
      }
    }
    await warnWhenLow(tx, funded, now);
  }

  return {
    stopNow,

    job: defineBatchJob({
      name: 'applications.bill-minutes',
      cadence: 'minute',
      // Each run bills every whole minute since the last, so a missed minute needs no run of its own.
      catchUp: 1,
      table: apps,
      where: ({ now }) =>
        and(
          eq(apps.billingMode, 'minute'),
          eq(apps.status, 'running'),
          isNotNull(apps.billedThrough),
          lte(apps.billedThrough, new Date(now.getTime() - MINUTE_MS)),
        ),
      ...(batchSize === undefined ? {} : { batchSize }),
      apply: (tx, { row }, { now }) => tick(tx, row, now),
      applyChunk: (tx, items, { now }) =>
        tickChunk(
          tx,
          items.map((item) => item.row),
          now,
        ),
    }),
  };
}

export type Billing = ReturnType<typeof billing>;
