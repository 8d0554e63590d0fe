import type { Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { claimOnce } from '../../db/processed-keys.js';
import { AppError } from '../../http/app-error.js';
import { addLocalMonths, expiryOf } from './package-schedule.js';
import * as queries from './power.queries.js';

/**
 * Issues every month of a package that has fallen due by `now`, each once: its key (package, month) is claimed in the
 * transaction that writes its lot, so neither a second run of the job nor a crash and retry issues a month twice. The
 * caller holds the package's row (just inserted, or locked by the job). Answers the package's state after.
 */
export async function issueDueMonths(
  tx: Tx,
  bought: queries.PowerPackageRow,
  { now, timeZone }: { now: Date; timeZone: string },
) {
  let issued = bought.monthsIssued;
  while (issued < bought.months && addLocalMonths(bought.purchasedAt, issued, timeZone) <= now) {
    const month = issued + 1;
    if (await claimOnce(tx, { scope: 'power.package-month', key: `${bought.id}:${month}` })) {
      await queries.issueLot(tx, {
        userId: bought.userId,
        orderNo: bought.orderNo,
        kind: 'powerPackageIssue',
        points: bought.monthlyPoints,
        at: now,
        expiresAt: expiryOf(now),
        packageId: bought.id,
        packageMonth: month,
      });
    }
    issued = month;
  }
  const nextIssueAt = issued < bought.months ? addLocalMonths(bought.purchasedAt, issued, timeZone) : null;
  await queries.setMonthsIssued(tx, { id: bought.id, monthsIssued: issued, nextIssueAt });
  return { monthsIssued: issued, nextIssueAt };
}

/** Removes what is left of a lot past its expiry and writes the powerPackageExpired row; the caller holds its lock. */
export async function expireLot(tx: Tx, lot: queries.PowerPointLot, now: Date) {
  await queries.markExpired(tx, { id: lot.id, at: now });
  await queries.insertEntry(tx, {
    userId: lot.userId,
    kind: 'powerPackageExpired',
    points: -lot.remaining,
    orderNo: lot.orderNo,
    at: now,
    lotId: lot.id,
  });
}

// A usage is reported again within minutes or days, not months; an API platform makes far too many to keep for ever.
// What a spend drew is kept as long: its unused part is returned within minutes (decision 0034).
const SPEND_KEY_RETENTION_MS = 40 * 24 * 60 * 60_000;

/** Forgets what spends older than their keys drew: nothing returns to them any more. Answers how many went. */
export const forgetOldDraws = (tx: Tx, now: Date) =>
  queries.deleteDrawsBefore(tx, new Date(now.getTime() - SPEND_KEY_RETENTION_MS));

/** Locks the user's unexpired lots in expiry order (the order every spender takes) and answers what they hold. */
export async function lockPoints(tx: Tx, userId: UserId, now: Date): Promise<bigint> {
  const lots = await queries.lockSpendableLots(tx, userId, now);
  return lots.reduce((sum, lot) => sum + lot.remaining, 0n);
}

/**
 * Spends points on API pay-per-use (spec §9): from the lots that expire soonest, in the caller's transaction, once per
 * reference (the call that used them) within 40 days, so a usage reported twice is spent once. Refuses (422
 * power.insufficientPoints) when the unexpired points do not cover it; the caller's transaction then rolls back.
 */
export async function spendPoints(
  tx: Tx,
  { userId, points, reference, now }: { userId: UserId; points: bigint; reference: string; now: Date },
): Promise<{ spent: boolean }> {
  if (points <= 0n) {
    throw new RangeError(`points spent must be positive, got ${points} for ${reference}`);
  }
  const expiresAt = new Date(now.getTime() + SPEND_KEY_RETENTION_MS);
  if (!(await claimOnce(tx, { scope: 'power.spend', key: `${userId}:${reference}`, expiresAt }))) {
    return { spent: false };
  }
  const lots = await queries.lockSpendableLots(tx, userId, now);
  if (lots.reduce((sum, lot) => sum + lot.remaining, 0n) < points) {
    throw new AppError('businessRule', { messageKey: 'power.insufficientPoints', field: 'points' });
  }
  let left = points;
  const draws: { lotId: bigint; points: bigint }[] = [];
  for (const lot of lots) {
    if (left === 0n) {
      break;
    }
    const take = lot.remaining < left ? lot.remaining : left;
    await queries.setRemaining(tx, { id: lot.id, remaining: lot.remaining - take });
    draws.push({ lotId: lot.id, points: take });
    left -= take;
  }
  await queries.insertDraws(tx, { userId, reference, draws, at: now });
  await queries.insertEntry(tx, { userId, kind: 'apiUsage', points: -points, orderNo: reference, at: now });
  return { spent: true };
}

/**
 * Returns points of a spend that served nothing (an API allowance's unused calls, decision 0034) to the lots the spend
 * drew them from, the last drawn first, since the earliest-expiring points are the ones spent first; and writes the
 * apiRefund row under the spend's reference. A lot past its expiry gets them back too, and the expiry job removes
 * them with a powerPackageExpired row, as it would have had they never been spent. What is returned comes off the
 * draws, so more than a spend drew and has not had back is refused, whatever room its lots have.
 */
export async function refundPoints(
  tx: Tx,
  { userId, points, reference, now }: { userId: UserId; points: bigint; reference: string; now: Date },
) {
  if (points <= 0n) {
    throw new RangeError(`points returned must be positive, got ${points} for ${reference}`);
  }
  const draws = await queries.drawsOf(tx, userId, reference);
  const lots = new Map(
    (await queries.lockLots(tx, userId, [...new Set(draws.map((draw) => draw.lotId))])).map((lot) => [lot.id, lot]),
  );
  let left = points;
  for (const draw of draws) {
    const lot = lots.get(draw.lotId);
    if (left === 0n || !lot) {
      continue;
    }
    const give = draw.points < left ? draw.points : left;
    lot.remaining += give;
    await queries.setRemaining(tx, { id: lot.id, remaining: lot.remaining });
    await queries.takeFromDraw(tx, { id: draw.id, left: draw.points - give });
    left -= give;
  }
  if (left > 0n) {
    throw new RangeError(`${points} points returned for ${reference}, which spent ${points - left}`);
  }
  await queries.insertEntry(tx, { userId, kind: 'apiRefund', points, orderNo: reference, at: now });
}
