import { money, type Money } from '@suanli/contract';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import {
  apiUserSignatures,
  creatorImageUsage,
  kolIncome,
  kolInvitees,
  partnerCredits,
  partners,
  paymentAccounts,
  withdrawals,
  type InvoiceKind,
  type Payee,
} from './partners.tables.js';

export type PartnerRow = typeof partners.$inferSelect;

export async function findPartner(db: Db, userId: UserId): Promise<PartnerRow | null> {
  const [row] = await db.select().from(partners).where(eq(partners.userId, userId));
  return row ?? null;
}

/** The partner's row locked to the end of the transaction: a partner's withdrawals take turns on it. */
export async function lockPartner(tx: Tx, userId: UserId): Promise<PartnerRow | null> {
  const [row] = await tx.select().from(partners).where(eq(partners.userId, userId)).for('update');
  return row ?? null;
}

/** Joins the programme (accepting the agreement) once; a revoked partner stays revoked. */
export async function joinPartners(tx: Tx, userId: UserId, at: Date) {
  await tx.insert(partners).values({ userId, agreedAt: at }).onConflictDoNothing();
}

export async function savePaymentAccount(tx: Tx, userId: UserId, account: { payee: Payee; at: Date }) {
  const values = { ...account.payee, userId, updatedAt: account.at };
  await tx.insert(paymentAccounts).values(values).onConflictDoUpdate({ target: paymentAccounts.userId, set: values });
}

export async function findPaymentAccount(db: Db, userId: UserId) {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId));
  return row ?? null;
}

export async function insertWithdrawal(
  tx: Tx,
  userId: UserId,
  withdrawal: { orderNo: string; amount: Money; fee: Money; invoiceType: InvoiceKind; payee: Payee; at: Date },
) {
  const { at, ...rest } = withdrawal;
  const [row] = await tx
    .insert(withdrawals)
    .values({ ...rest, userId, submittedAt: at })
    .returning({ id: withdrawals.id });
  return row!.id;
}

export function withdrawalPage(db: Db, userId: UserId) {
  const where = eq(withdrawals.userId, userId);
  return {
    rows: (window: PageWindow) =>
      db
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(desc(withdrawals.id))
        .limit(window.limit)
        .offset(window.offset),
    total: () => db.$count(withdrawals, where),
  };
}

/** Income credited to the user at or after `since`: what is still in review. */
export async function sumCreditsSince(db: Db, userId: UserId, since: Date): Promise<Money> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${partnerCredits.amount}), 0)::text` })
    .from(partnerCredits)
    .where(and(eq(partnerCredits.userId, userId), gte(partnerCredits.creditedAt, since)));
  return money(BigInt(row!.total));
}

export async function insertCredit(tx: Tx, userId: UserId, credit: { amount: Money; at: Date }) {
  await tx.insert(partnerCredits).values({ userId, amount: credit.amount, creditedAt: credit.at });
}

export async function insertKolInvitee(tx: Tx, userId: UserId, invitee: { kolId: UserId; at: Date }) {
  const rows = await tx
    .insert(kolInvitees)
    .values({ userId, kolId: invitee.kolId, registeredAt: invitee.at })
    .onConflictDoNothing()
    .returning({ userId: kolInvitees.userId });
  return rows.length > 0;
}

export async function findKolOf(db: Db, userId: UserId): Promise<UserId | null> {
  const [row] = await db.select({ kolId: kolInvitees.kolId }).from(kolInvitees).where(eq(kolInvitees.userId, userId));
  return row?.kolId ?? null;
}

/** Records an invited user's recharge and its KOL's income; false when the order was recorded before. */
export async function insertKolIncome(
  tx: Tx,
  income: { orderNo: string; kolId: UserId; inviteeId: UserId; rechargeAmount: Money; income: Money; at: Date },
) {
  const { at, ...rest } = income;
  const rows = await tx
    .insert(kolIncome)
    .values({ ...rest, creditedAt: at })
    .onConflictDoNothing()
    .returning({ orderNo: kolIncome.orderNo });
  return rows.length > 0;
}

/** The KOL's invited users, newest first. */
export function listKolInvitees(db: Db, kolId: UserId) {
  return db.select().from(kolInvitees).where(eq(kolInvitees.kolId, kolId)).orderBy(desc(kolInvitees.registeredAt));
}

/** The recharges of the KOL's invited users credited in [from, until), oldest first. */
export function listKolIncome(db: Db, kolId: UserId, range: { from: Date; until: Date }) {
  return db
    .select()
    .from(kolIncome)
    .where(
      and(eq(kolIncome.kolId, kolId), gte(kolIncome.creditedAt, range.from), lt(kolIncome.creditedAt, range.until)),
    )
    .orderBy(asc(kolIncome.creditedAt));
}

/**
 * Adds minutes of an image's use in a month at a price, and answers the month's minutes and the income credited for
 * them before this addition, with the row locked.
 */
export async function addCreatorUsage(
  tx: Tx,
  usage: { imageId: bigint; month: string; creatorId: UserId; pricePerHour: Money; minutes: number },
) {
  const [row] = await tx
    .insert(creatorImageUsage)
    .values(usage)
    .onConflictDoUpdate({
      target: [creatorImageUsage.imageId, creatorImageUsage.month, creatorImageUsage.pricePerHour],
      set: { minutes: sql`${creatorImageUsage.minutes} + ${usage.minutes}` },
    })
    .returning({ minutes: creatorImageUsage.minutes, income: creatorImageUsage.income });
  return row!;
}

export async function setCreatorIncome(
  tx: Tx,
  usage: { imageId: bigint; month: string; pricePerHour: Money; income: Money },
) {
  await tx
    .update(creatorImageUsage)
    .set({ income: usage.income })
    .where(
      and(
        eq(creatorImageUsage.imageId, usage.imageId),
        eq(creatorImageUsage.month, usage.month),
        eq(creatorImageUsage.pricePerHour, usage.pricePerHour),
      ),
    );
}

export function listCreatorUsage(db: Db, creatorId: UserId, month: string) {
  return db
    .select()
    .from(creatorImageUsage)
    .where(and(eq(creatorImageUsage.creatorId, creatorId), eq(creatorImageUsage.month, month)))
    .orderBy(asc(creatorImageUsage.imageId));
}

export async function findSignature(db: Db, userId: UserId) {
  const [row] = await db.select().from(apiUserSignatures).where(eq(apiUserSignatures.userId, userId));
  return row ?? null;
}

export async function insertSignature(db: Db, userId: UserId, at: Date) {
  await db.insert(apiUserSignatures).values({ userId, signedAt: at }).onConflictDoNothing();
}

/** Which of these users are qualified partners (joined, not revoked). */
export async function findQualified(db: Db, userIds: readonly UserId[]): Promise<Set<UserId>> {
  if (userIds.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ userId: partners.userId })
    .from(partners)
    .where(and(inArray(partners.userId, [...userIds]), sql`${partners.revokedAt} IS NULL`));
  return new Set(rows.map((row) => row.userId));
}

/** Dates the user's credits still in review back to just before `reviewedBefore`: development tools only. */
export async function backdateCredits(db: Db, userId: UserId, reviewedBefore: Date) {
  await db
    .update(partnerCredits)
    .set({ creditedAt: new Date(reviewedBefore.getTime() - 1000) })
    .where(and(eq(partnerCredits.userId, userId), gte(partnerCredits.creditedAt, reviewedBefore)));
}
