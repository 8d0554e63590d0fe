import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { minutesCostInFen, money, type Money } from '@suanli/contract';
import type { Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { recordEvent } from '../../events/index.js';
import { defineBatchJob } from '../../jobs/batch-job.js';
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

/**
 * How whole minutes are counted: the tick bills only minutes that have ended; a stop or destroy also bills the minute
 * it falls in when that minute was started while the workload was seen running (spec §9: per minute after start).
 */
export type MinuteRule = 'ended' | 'started';

/** How many minutes are due at `now`: never past the last moment the driver confirmed the workload running. */
function minutesDue(row: ApplicationRow, now: Date, rule: MinuteRule) {
  const seen = row.lastSeenRunningAt;
  if (!billable(row) || seen === null) {
    return 0;
  }
  const until = Math.min(now.getTime(), seen.getTime());
  const elapsed = until - row.billedThrough!.getTime();
  if (elapsed <= 0) {
    return 0;
  }
  return rule === 'started' ? Math.ceil(elapsed / MINUTE_MS) : Math.floor(elapsed / MINUTE_MS);
}

/** What `due` more minutes cost, and the row as it reads once they are billed. */
function billFor(row: ApplicationRow, due: number) {
  const amount = minutesCost(row.hourlyPriceUnits!, row.billedMinutes, due);
  const billed: ApplicationRow = {
    ...row,
    billedMinutes: row.billedMinutes + due,
    billedThrough: new Date(row.billedThrough!.getTime() + due * MINUTE_MS),
    spentUnits: money(row.spentUnits + amount),
  };
  return { due, amount, billed };
}

/** The whole minutes due at `now`, what they cost, and the row as it reads once they are billed. */
const dueAt = (row: ApplicationRow, now: Date, rule: MinuteRule = 'ended') => billFor(row, minutesDue(row, now, rule));

/** The most of `due` minutes that `spendable` pays for: their cost only grows with their number. */
function affordable(row: ApplicationRow, due: number, spendable: Money) {
  let [low, high] = [0, due];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (minutesCost(row.hourlyPriceUnits!, row.billedMinutes, middle) <= spendable) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return low;
}

/** What the application's next minute will cost once `row`'s minutes are billed. */
const nextMinute = (row: ApplicationRow) => minutesCost(row.hourlyPriceUnits!, row.billedMinutes, 1);

/** What the first `minutes` minutes of a run at `hourly` an hour cost: the funds needed to start one (spec §9). */
export const fundsToRun = (hourly: Money, billedMinutes: number, minutes: number) =>
  minutesCost(hourly, billedMinutes, minutes);

/**
 * Per-minute billing (spec §9, ARCHITECTURE §4 and §5): a running pay-as-you-go application pays each whole minute
 * the driver confirmed it running through the wallet, vouchers first, under its order number; when balance and
 * vouchers cannot cover every minute due, the minutes they can pay are charged and it is stopped, and its owner told.
 * Each tick's charge and the minutes it moves commit together with the tick's row key, so a crash bills no minute
 * twice and none is lost. A chunk's charges are posted set-based for owners without vouchers waiting (decision 0016);
 * the others are billed one application at a time.
 */
export function billing({ wallet, batchSize }: BillingDependencies) {
  /** Charges `due` minutes of `row` and records them; the row as it then reads. */
  async function charge(tx: Tx, row: ApplicationRow, due: number) {
    const { amount, billed } = billFor(row, due);
    if (amount > 0n) {
      await wallet.charge(tx, { userId: row.userId, amount, transactionType: 'appOrder', orderNo: row.orderNo });
    }
    await queries.recordBilled(tx, [billed]);
    return billed;
  }

  /**
   * Bills the minutes due at `now` by `rule`, in the caller's transaction with the row locked: all of them when the
   * wallet can, else as many as it can. Answers the row as it then reads, and whether every minute due was paid.
   */
  async function billDue(tx: Tx, row: ApplicationRow, { now, rule }: { now: Date; rule: MinuteRule }) {
    const due = minutesDue(row, now, rule);
    if (due === 0) {
      return { row, paid: true };
    }
    try {
      return { row: await charge(tx, row, due), paid: true };
    } catch (error) {
      if (!isInsufficientBalance(error)) {
        throw error;
      }
    }
    const payable = affordable(row, due, await wallet.spendable(tx, row.userId, 'appOrder'));
    return { row: payable === 0 ? row : await charge(tx, row, payable), paid: false };
  }

  /**
   * Stops the application now, in the caller's transaction with its row locked: the minutes it ran since the last
   * tick are billed first, the minute the stop falls in counting whole when it was started running (as far as the
   * wallet pays them; minutes it cannot are left unbilled rather than keeping it running), and the owner is told why
   * when it was not their doing. The reconciler ends its process and then frees its GPUs.
   */
  async function stopNow(tx: Tx, row: ApplicationRow, { now, reason }: { now: Date; reason?: StopReason }) {
    const { row: billed } = await billDue(tx, row, { now, rule: 'started' });
    const stopped = await queries.transition(tx, billed, {
      desiredState: 'stopped',
      status: billed.status === 'abnormal' ? 'stopped' : 'stopping',
      runningSince: null,
      lastSeenRunningAt: null,
      stoppedAt: now,
      timedStopAt: null,
    });
    if (!stopped) {
      throw new Error(`application ${row.id} moved while locked`);
    }
    if (reason) {
      await recordEvent(tx, {
        type: 'application.stopped',
        subject: `application:${row.id}`,
        payload: { userId: String(row.userId), applicationId: String(row.id), appName: row.appName, reason },
        at: now,
      });
    }
    return stopped;
  }

  /**
   * A run that ends without a stop (the workload failed, or went away and is being started again): the whole minutes
   * the driver confirmed are billed, and nothing after them. In the reconciler's transaction, with the row locked.
   */
  async function closeRun(tx: Tx, row: ApplicationRow, now: Date) {
    return (await billDue(tx, row, { now, rule: 'ended' })).row;
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
        await recordEvent(tx, {
          type: 'balance.low',
          subject: `user:${userId}`,
          payload: { userId: String(userId), level, spendable: String(spendable) },
          at: now,
        });
      }
    }
  }

  /** One tick for one application: bill what is due, stop it if not all or not the next minute can be paid. */
  async function tick(tx: Tx, row: ApplicationRow, now: Date) {
    const current = await queries.lockApplication(tx, row.id);
    if (!current || !billable(current)) {
      return;
    }
    const { row: billed, paid } = await billDue(tx, current, { now, rule: 'ended' });
    const spendable = await wallet.spendable(tx, billed.userId, 'appOrder');
    if (!paid || spendable < nextMinute(billed)) {
      await stopNow(tx, billed, { now, reason: 'insufficientBalance' });
      return;
    }
    await warnWhenLow(tx, new Map([[billed.userId, spendable]]), now);
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
    closeRun,

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
          lte(apps.billedThrough, sql`${apps.lastSeenRunningAt} - interval '1 minute'`),
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
