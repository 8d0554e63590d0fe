import type { PowerPackage, PowerPointEntryKind } from '@suanli/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import {
  powerPackagePlans,
  powerPackages,
  powerPackageTerms,
  powerPointDraws,
  powerPointEntries,
  powerPointLots,
} from './power.tables.js';

export type PowerPackageRow = typeof powerPackages.$inferSelect;
export type PowerPointLot = typeof powerPointLots.$inferSelect;

export async function findPlans(db: Db) {
  const [plans, terms] = await Promise.all([
    db.select().from(powerPackagePlans).orderBy(asc(powerPackagePlans.position)),
    db.select().from(powerPackageTerms).orderBy(asc(powerPackageTerms.months)),
  ]);
  return { plans, terms };
}

/** A package's plan and the discount for that many months; null when either is not on sale. */
export async function findPlanTerm(db: Db, plan: PowerPackage, months: number) {
  const [row] = await db
    .select({
      monthlyPrice: powerPackagePlans.monthlyPrice,
      monthlyPoints: powerPackagePlans.monthlyPoints,
      discountBasisPoints: powerPackageTerms.discountBasisPoints,
    })
    .from(powerPackagePlans)
    .innerJoin(powerPackageTerms, eq(powerPackageTerms.months, months))
    .where(eq(powerPackagePlans.package, plan));
  return row ?? null;
}

export async function insertPackage(tx: Tx, row: typeof powerPackages.$inferInsert): Promise<PowerPackageRow> {
  const [inserted] = await tx.insert(powerPackages).values(row).returning();
  return inserted!;
}

export async function setMonthsIssued(
  tx: Tx,
  { id, monthsIssued, nextIssueAt }: { id: bigint; monthsIssued: number; nextIssueAt: Date | null },
) {
  await tx.update(powerPackages).set({ monthsIssued, nextIssueAt }).where(eq(powerPackages.id, id));
}

/** A lot and its history row, in the caller's transaction. */
export async function issueLot(
  tx: Tx,
  lot: {
    userId: UserId;
    orderNo: string;
    kind: PowerPointEntryKind;
    points: bigint;
    at: Date;
    expiresAt: Date;
    packageId?: bigint;
    packageMonth?: number;
  },
) {
  const [row] = await tx
    .insert(powerPointLots)
    .values({
      userId: lot.userId,
      orderNo: lot.orderNo,
      packageId: lot.packageId ?? null,
      packageMonth: lot.packageMonth ?? null,
      points: lot.points,
      remaining: lot.points,
      issuedAt: lot.at,
      expiresAt: lot.expiresAt,
    })
    .returning({ id: powerPointLots.id });
  await insertEntry(tx, { ...lot, lotId: row!.id });
}

export async function insertEntry(
  tx: Tx,
  entry: { userId: UserId; kind: PowerPointEntryKind; points: bigint; orderNo: string; at: Date; lotId?: bigint },
) {
  await tx.insert(powerPointEntries).values({
    userId: entry.userId,
    kind: entry.kind,
    points: entry.points,
    orderNo: entry.orderNo,
    lotId: entry.lotId ?? null,
    createdAt: entry.at,
  });
}

const spendable = (userId: UserId, now: Date) =>
  and(eq(powerPointLots.userId, userId), gt(powerPointLots.remaining, 0n), gt(powerPointLots.expiresAt, now));

/** What the user can spend now: every unexpired lot's remaining points. */
export async function pointsBalance(db: Db, userId: UserId, now: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string | bigint | null>`sum(${powerPointLots.remaining})` })
    .from(powerPointLots)
    .where(spendable(userId, now));
  return BigInt(row?.total ?? 0);
}

/** The user's unexpired lots with points left, soonest expiry first (the order they are spent in), with their package. */
export function spendableLots(db: Db, userId: UserId, { now, limit }: { now: Date; limit: number }) {
  return db
    .select({
      id: powerPointLots.id,
      orderNo: powerPointLots.orderNo,
      package: powerPackages.package,
      points: powerPointLots.points,
      remaining: powerPointLots.remaining,
      issuedAt: powerPointLots.issuedAt,
      expiresAt: powerPointLots.expiresAt,
    })
    .from(powerPointLots)
    .leftJoin(powerPackages, eq(powerPackages.id, powerPointLots.packageId))
    .where(spendable(userId, now))
    .orderBy(asc(powerPointLots.expiresAt), asc(powerPointLots.id))
    .limit(limit);
}

/**
 * Locks the user's spendable lots in the order they are spent in, which every spender takes them in. Under read
 * committed a lot a concurrent spend emptied meanwhile is re-read when its lock is granted, and dropped.
 */
export async function lockSpendableLots(tx: Tx, userId: UserId, now: Date): Promise<PowerPointLot[]> {
  return (tx as Db)
    .select()
    .from(powerPointLots)
    .where(spendable(userId, now))
    .orderBy(asc(powerPointLots.expiresAt), asc(powerPointLots.id))
    .for('update');
}

export async function setRemaining(tx: Tx, { id, remaining }: { id: bigint; remaining: bigint }) {
  await tx.update(powerPointLots).set({ remaining }).where(eq(powerPointLots.id, id));
}

/** What a spend drew from each lot, in the order drawn. */
export async function insertDraws(
  tx: Tx,
  {
    userId,
    reference,
    draws,
    at,
  }: { userId: UserId; reference: string; draws: { lotId: bigint; points: bigint }[]; at: Date },
) {
  await tx.insert(powerPointDraws).values(draws.map((draw) => ({ userId, reference, drawnAt: at, ...draw })));
}

export async function deleteDrawsBefore(tx: Tx, before: Date): Promise<number> {
  const gone = await tx
    .delete(powerPointDraws)
    .where(lt(powerPointDraws.drawnAt, before))
    .returning({ id: powerPointDraws.id });
  return gone.length;
}

/** What the spend of `reference` drew from each lot and has not had back, the last drawn first. */
export function drawsOf(tx: Tx, userId: UserId, reference: string) {
  return (tx as Db)
    .select({ id: powerPointDraws.id, lotId: powerPointDraws.lotId, points: powerPointDraws.points })
    .from(powerPointDraws)
    .where(and(eq(powerPointDraws.userId, userId), eq(powerPointDraws.reference, reference)))
    .orderBy(desc(powerPointDraws.id));
}

/** Leaves a draw `left` points once some were returned through it, so none is returned twice; an emptied one goes. */
export async function takeFromDraw(tx: Tx, { id, left }: { id: bigint; left: bigint }) {
  await (left === 0n
    ? tx.delete(powerPointDraws).where(eq(powerPointDraws.id, id))
    : tx.update(powerPointDraws).set({ points: left }).where(eq(powerPointDraws.id, id)));
}

/**
 * Locks some of the user's lots, expired or not, in the order every spender takes them (expiry, then id), so that a
 * return never waits in a cycle with a spend.
 */
export function lockLots(tx: Tx, userId: UserId, ids: bigint[]): Promise<PowerPointLot[]> {
  return (tx as Db)
    .select()
    .from(powerPointLots)
    .where(and(eq(powerPointLots.userId, userId), inArray(powerPointLots.id, ids)))
    .orderBy(asc(powerPointLots.expiresAt), asc(powerPointLots.id))
    .for('update');
}

/** Removes what is left of a lot past its expiry; the caller holds its row lock. */
export async function markExpired(tx: Tx, { id, at }: { id: bigint; at: Date }) {
  await tx.update(powerPointLots).set({ remaining: 0n, expiredAt: at }).where(eq(powerPointLots.id, id));
}

/** Lots past their expiry with points left: the expiry job's rows. */
export const expiredLots = (now: Date) => and(gt(powerPointLots.remaining, 0n), lte(powerPointLots.expiresAt, now));

/** Packages with a month due: the monthly issue job's rows. */
export const packagesDue = (now: Date) =>
  and(isNotNull(powerPackages.nextIssueAt), lte(powerPackages.nextIssueAt, now));

/** The user's packages still running, newest first. */
export function activePackages(db: Db, userId: UserId, { now, limit }: { now: Date; limit: number }) {
  return db
    .select()
    .from(powerPackages)
    .where(and(eq(powerPackages.userId, userId), gt(powerPackages.endsAt, now)))
    .orderBy(desc(powerPackages.purchasedAt), desc(powerPackages.id))
    .limit(limit);
}

/** A page of the user's points history, newest first, with the package and month each issue or expiry came from. */
export function historyPage(db: Db, userId: UserId) {
  const where = eq(powerPointEntries.userId, userId);
  return {
    rows: (window: PageWindow) =>
      db
        .select({
          id: powerPointEntries.id,
          kind: powerPointEntries.kind,
          points: powerPointEntries.points,
          orderNo: powerPointEntries.orderNo,
          createdAt: powerPointEntries.createdAt,
          package: powerPackages.package,
          packageMonth: powerPointLots.packageMonth,
          months: powerPackages.months,
        })
        .from(powerPointEntries)
        .leftJoin(powerPointLots, eq(powerPointLots.id, powerPointEntries.lotId))
        .leftJoin(powerPackages, eq(powerPackages.id, powerPointLots.packageId))
        .where(where)
        .orderBy(desc(powerPointEntries.createdAt), desc(powerPointEntries.id))
        .limit(window.limit)
        .offset(window.offset),
    total: () => db.$count(powerPointEntries, where),
  };
}
