import type { Money } from '@suanli/contract';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import {
  clearingReconciliations,
  rechargeOrders,
  rechargeRefunds,
  type AmountMismatch,
  type MissingAsOrder,
  type MissingAtProvider,
  type RefundStatus,
} from './recharge.tables.js';

export type RefundRow = typeof rechargeRefunds.$inferSelect;
export type ReconciliationRow = typeof clearingReconciliations.$inferSelect;
type QrChannel = 'wechat' | 'alipay';

const PAID_QR = and(eq(rechargeOrders.status, 'paid'), inArray(rechargeOrders.channel, ['wechat', 'alipay']));

/** A page of paid QR orders, newest paid first, by order number, payer or channel when given. */
export function paidQrOrderPage(
  db: Db,
  filter: { orderNo?: string | undefined; userId?: UserId | undefined; channel?: QrChannel | undefined },
) {
  const where = and(
    PAID_QR,
    filter.orderNo ? eq(rechargeOrders.orderNo, filter.orderNo) : undefined,
    filter.userId ? eq(rechargeOrders.userId, filter.userId) : undefined,
    filter.channel ? eq(rechargeOrders.channel, filter.channel) : undefined,
  );
  return {
    rows: (window: PageWindow) =>
      db
        .select()
        .from(rechargeOrders)
        .where(where)
        .orderBy(desc(rechargeOrders.paidAt), desc(rechargeOrders.id))
        .limit(window.limit)
        .offset(window.offset),
    total: () => db.$count(rechargeOrders, where),
  };
}

export function refundsOf(db: Db, orderNos: string[]) {
  if (orderNos.length === 0) {
    return Promise.resolve([]);
  }
  return db
    .select()
    .from(rechargeRefunds)
    .where(inArray(rechargeRefunds.orderNo, orderNos))
    .orderBy(asc(rechargeRefunds.id));
}

/** Adds a refund to what was refunded of an order, compare-and-set: false when it no longer shows `expected`. */
export async function addRefunded(
  tx: Tx,
  { orderNo, expected, amount }: { orderNo: string; expected: Money; amount: Money },
) {
  const rows = await tx
    .update(rechargeOrders)
    .set({ refunded: sql`${rechargeOrders.refunded} + ${amount}` })
    .where(and(eq(rechargeOrders.orderNo, orderNo), eq(rechargeOrders.refunded, expected)))
    .returning({ id: rechargeOrders.id });
  return rows.length === 1;
}

/** A refund the provider refused no longer counts against its order. */
export async function takeBackRefunded(tx: Tx, { orderNo, amount }: { orderNo: string; amount: Money }) {
  await tx
    .update(rechargeOrders)
    .set({ refunded: sql`${rechargeOrders.refunded} - ${amount}` })
    .where(eq(rechargeOrders.orderNo, orderNo));
}

export async function insertRefund(
  tx: Tx,
  refund: Pick<RefundRow, 'refundNo' | 'orderNo' | 'userId' | 'amount' | 'reason' | 'operatorId' | 'createdAt'>,
): Promise<RefundRow> {
  const [row] = await tx.insert(rechargeRefunds).values(refund).returning();
  return row!;
}

/** Records the provider's answer on a pending refund; false when another answer was recorded first. */
export async function answerRefund(
  tx: Tx,
  id: bigint,
  answer: { status: Exclude<RefundStatus, 'pending'>; providerRefundNo: string | null; at: Date },
) {
  const rows = await tx
    .update(rechargeRefunds)
    .set({ status: answer.status, providerRefundNo: answer.providerRefundNo, answeredAt: answer.at })
    .where(and(eq(rechargeRefunds.id, id), eq(rechargeRefunds.status, 'pending')))
    .returning({ id: rechargeRefunds.id });
  return rows.length === 1;
}

export async function findRefund(db: Db, id: bigint): Promise<RefundRow | null> {
  const [row] = await db.select().from(rechargeRefunds).where(eq(rechargeRefunds.id, id));
  return row ?? null;
}

/** Refunds the provider has not answered, asked at least `ageMs` ago (the request itself asks once at once). */
export const unansweredRefunds = (now: Date, ageMs: number) =>
  and(eq(rechargeRefunds.status, 'pending'), lt(rechargeRefunds.createdAt, new Date(now.getTime() - ageMs)));

/** Makes a channel's day due for reconciliation; one already there is left as it is. */
export async function makeDue(tx: Tx, day: string, channels: readonly QrChannel[]) {
  await tx
    .insert(clearingReconciliations)
    .values(channels.map((channel) => ({ day, channel })))
    .onConflictDoNothing();
}

export const dueReconciliations = () => eq(clearingReconciliations.status, 'due');

/** The channel's orders paid within [from, until), the day's side of the reconciliation. */
export function ordersPaidBetween(tx: Tx, { channel, from, until }: { channel: QrChannel; from: Date; until: Date }) {
  return tx
    .select({ orderNo: rechargeOrders.orderNo, amount: rechargeOrders.amount })
    .from(rechargeOrders)
    .where(
      and(
        eq(rechargeOrders.status, 'paid'),
        eq(rechargeOrders.channel, channel),
        gte(rechargeOrders.paidAt, from),
        lt(rechargeOrders.paidAt, until),
      ),
    );
}

export async function storeReconciliation(
  tx: Tx,
  id: bigint,
  result: {
    matchedCount: number;
    matchedAmount: Money;
    missingAtProvider: MissingAtProvider[];
    missingAsOrders: MissingAsOrder[];
    mismatches: AmountMismatch[];
    at: Date;
  },
) {
  const { at, ...found } = result;
  await tx
    .update(clearingReconciliations)
    .set({ ...found, status: 'done', reconciledAt: at })
    .where(eq(clearingReconciliations.id, id));
}

/** Reconciled days, newest first; with `differencesOnly`, those that found any difference (or are still due). */
export function reconciliationPage(db: Db, { differencesOnly }: { differencesOnly: boolean }) {
  const where = differencesOnly
    ? sql`${clearingReconciliations.status} = 'due' OR jsonb_array_length(${clearingReconciliations.missingAtProvider}) > 0
          OR jsonb_array_length(${clearingReconciliations.missingAsOrders}) > 0
          OR jsonb_array_length(${clearingReconciliations.mismatches}) > 0`
    : undefined;
  return {
    rows: (window: PageWindow) =>
      db
        .select()
        .from(clearingReconciliations)
        .where(where)
        .orderBy(desc(clearingReconciliations.day), asc(clearingReconciliations.channel))
        .limit(window.limit)
        .offset(window.offset),
    total: () => db.$count(clearingReconciliations, where),
  };
}
