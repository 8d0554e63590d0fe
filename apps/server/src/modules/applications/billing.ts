import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { money, type Money } from '@suanli/contract';
import type { Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { recordEvent } from '../../events/index.js';
import { defineBatchJob } from '../../jobs/batch-job.js';
import { priceOf, type Settlement, type UsageRecord, type WalletService } from '../wallet/index.js';
import * as queries from './applications.queries.js';
import { applicationsTable as apps, type ApplicationRow } from './applications.tables.js';

const MINUTE_MS = 60_000;

/** An hourly price as the wallet's settle service prices minutes by it. */
const perHour = (hourly: Money) => ({ price: hourly, per: 60 });

/** What the next `due` minutes cost after `billed` were billed, in whole fen, the remainder carrying (`priceOf`). */
export const minutesCost = (hourly: Money, billed: number, due: number) => priceOf(perHour(hourly), billed, due);

/** Why the platform stopped an application, as its owner's notice says. */
export type StopReason = 'insufficientBalance' | 'expired' | 'timedShutdown';

export interface BillingDependencies {
  wallet: Pick<WalletService, 'settle' | 'warnLow'>;
  /** Applications per transaction of the tick. */
  batchSize?: number;
}

/** What billing reads of an application: the tick claims only these columns of its thousands of rows. */
const BILLING_COLUMNS = {
  id: apps.id,
  userId: apps.userId,
  imageId: apps.imageId,
  appName: apps.appName,
  status: apps.status,
  desiredState: apps.desiredState,
  orderNo: apps.orderNo,
  hourlyPriceUnits: apps.hourlyPriceUnits,
  billedMinutes: apps.billedMinutes,
  billedThrough: apps.billedThrough,
  spentUnits: apps.spentUnits,
  runningSince: apps.runningSince,
  lastSeenRunningAt: apps.lastSeenRunningAt,
};

export type BillingRow = Pick<ApplicationRow, keyof typeof BILLING_COLUMNS>;

/** Whether the tick bills the application: running as its owner wants, with its count started. */
const billable = (row: BillingRow) =>
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
function minutesDue(row: BillingRow, now: Date, rule: MinuteRule) {
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

/** The minutes due of the application as the wallet settles them: GPU time at its hourly price, billed as far as paid. */
function usageOf(row: BillingRow, due: number): UsageRecord {
  const from = row.billedThrough!;
  return {
    userId: row.userId,
    product: 'gpuTime',
    unit: 'minute',
    quantity: due,
    rate: perHour(row.hourlyPriceUnits!),
    billed: row.billedMinutes,
    period: { from, to: new Date(from.getTime() + due * MINUTE_MS) },
    orderNo: row.orderNo,
    shortfall: 'partial',
  };
}

/** The row as it reads once the minutes its settlement paid are billed. */
const billedBy = <Row extends BillingRow>(row: Row, settled: Settlement): Row => ({
  ...row,
  billedMinutes: row.billedMinutes + settled.quantity,
  billedThrough: settled.paidUntil,
  spentUnits: money(row.spentUnits + settled.amount),
});

/** What the first `minutes` minutes of a run at `hourly` an hour cost: the funds needed to start one (spec §9). */
export const fundsToRun = (hourly: Money, billedMinutes: number, minutes: number) =>
  minutesCost(hourly, billedMinutes, minutes);

/**
 * Per-minute billing (spec §9, ARCHITECTURE §4 and §5): a running pay-as-you-go application pays each whole minute
 * the driver confirmed it running through the wallet, vouchers first, under its order number; when balance and
 * vouchers cannot cover every minute due, the minutes they can pay are charged and it is stopped, and its owner told.
 * Each tick's charge and the minutes it moves commit together with the tick's row key, so a crash bills no minute
 * twice and none is lost. This module decides what is used (the minutes, bounded by the last confirmed sighting) and
 * what follows (stops); the wallet's settle service decides how it is paid (decision 0024).
 */
export function billing({ wallet, batchSize }: BillingDependencies) {
  /**
   * Settles the minutes `due` of each row through the wallet, in the caller's transaction with the rows locked, and
   * records those paid: all of them when the wallet can, else as many as it can. Answers each row as it then reads,
   * with its settlement.
   */
  async function settle<Row extends BillingRow>(tx: Tx, due: { row: Row; minutes: number }[]) {
    const settlements = await wallet.settle(
      tx,
      due.map(({ row, minutes }) => usageOf(row, minutes)),
    );
    const settled = due.map(({ row }, index) => {
      const settlement = settlements[index]!;
      return {
        settlement,
        paid: settlement.quantity > 0,
        row: settlement.quantity > 0 ? billedBy(row, settlement) : row,
      };
    });
    const paid = settled.filter((each) => each.paid);
    await queries.recordBilled(
      tx,
      paid.map((each) => each.row),
    );
    if (paid.length > 0) {
      // One event for the transaction's paid minutes, with each application's image: creators earn from their use.
      await recordEvent(tx, {
        type: 'gpuTime.billed',
        subject: `gpuTime:${paid[0]!.row.id}`,
        payload: {
          usages: paid.map(({ row, settlement }) => ({
            userId: String(row.userId),
            applicationId: String(row.id),
            imageId: String(row.imageId),
            minutes: String(settlement.quantity),
          })),
        },
        at: paid[0]!.settlement.paidUntil,
      });
    }
    return settled;
  }

  /** Bills the minutes due at `now` by `rule` as far as the wallet pays them; the row as it then reads. */
  async function billDue<Row extends BillingRow>(tx: Tx, row: Row, { now, rule }: { now: Date; rule: MinuteRule }) {
    const minutes = minutesDue(row, now, rule);
    return minutes === 0 ? row : (await settle(tx, [{ row, minutes }]))[0]!.row;
  }

  /**
   * Stops the application now, in the caller's transaction with its row locked: the minutes it ran since the last
   * tick are billed first, the minute the stop falls in counting whole when it was started running (as far as the
   * wallet pays them; minutes it cannot are left unbilled rather than keeping it running), and the owner is told why
   * when it was not their doing. The reconciler ends its process and then frees its GPUs.
   */
  async function stopNow(tx: Tx, row: BillingRow, { now, reason }: { now: Date; reason?: StopReason }) {
    const billed = await billDue(tx, row, { now, rule: 'started' });
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
    return billDue(tx, row, { now, rule: 'ended' });
  }

  /**
   * A chunk's tick, its rows locked by the claim: the minutes due are settled through the wallet together (set-based
   * for owners it can post so), an application whose minutes were not all paid, or whose next minute cannot be, is
   * stopped, and the owners of the others are warned when their funds run low.
   */
  async function tickChunk(tx: Tx, rows: BillingRow[], now: Date) {
    const due = rows
      .filter(billable)
      .map((row) => ({ row, minutes: minutesDue(row, now, 'ended') }))
      .filter((each) => each.minutes > 0);
    const funded = new Map<UserId, Money>();
    for (const { row, settlement } of await settle(tx, due)) {
      if (settlement.quantity < settlement.record.quantity || !settlement.nextUnitCovered) {
        await stopNow(tx, row, { now, reason: 'insufficientBalance' });
      } else {
        funded.set(row.userId, settlement.spendable);
      }
    }
    await wallet.warnLow(tx, funded, { now, hourlyBurns: queries.hourlyBurns });
  }

  return {
    stopNow,
    closeRun,

    job: defineBatchJob<typeof apps, undefined, BillingRow>({
      name: 'applications.bill-minutes',
      cadence: 'minute',
      // Each run bills every whole minute since the last, so a missed minute needs no run of its own.
      catchUp: 1,
      table: apps,
      columns: BILLING_COLUMNS,
      // Exactly the rows with a minute due (billable, minutesDue ≥ 1): billing one moves its billed_through past the
      // minute, or stops it, in the transaction of its charge, so it leaves these rows without a row key of its own.
      doneBy: 'row',
      // A chunk holds whole owners: each owner's wallet is locked and moved once a tick, not once in every chunk.
      groupBy: apps.userId,
      where: ({ now }) =>
        and(
          eq(apps.billingMode, 'minute'),
          eq(apps.status, 'running'),
          eq(apps.desiredState, 'running'),
          isNotNull(apps.hourlyPriceUnits),
          isNotNull(apps.runningSince),
          isNotNull(apps.billedThrough),
          lte(apps.billedThrough, new Date(now.getTime() - MINUTE_MS)),
          lte(apps.billedThrough, sql`${apps.lastSeenRunningAt} - interval '1 minute'`),
        ),
      ...(batchSize === undefined ? {} : { batchSize }),
      apply: (tx, { row }, { now }) => tickChunk(tx, [row], now),
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
