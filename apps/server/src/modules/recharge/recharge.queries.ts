import type { Money, PaymentChannel, PaymentStatus } from '@suanli/contract';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte } from 'drizzle-orm';
import type { PageWindow } from '../../db/paging.js';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { rechargeOrders } from './recharge.tables.js';

export type RechargeOrder = typeof rechargeOrders.$inferSelect;

export interface NewOrder {
  orderNo: string;
  userId: UserId;
  channel: PaymentChannel;
  amount: Money;
  now: Date;
  expiresAt: Date | null;
  /** Where the payer pays: what a QR encodes, or a mobile-website payment's page. */
  codeUrl?: string;
  /** Whether `codeUrl` is the provider's payment page rather than a QR's text. */
  pagePayment?: boolean;
}

export async function insertOrder(db: Db, order: NewOrder) {
  await db.insert(rechargeOrders).values({
    orderNo: order.orderNo,
    userId: order.userId,
    channel: order.channel,
    amount: order.amount,
    createdAt: order.now,
    expiresAt: order.expiresAt,
    codeUrl: order.codeUrl ?? null,
    pagePayment: order.pagePayment ?? false,
  });
}

/** One of the user's orders; another user's order number finds nothing. */
export async function findUserOrder(db: Db, userId: UserId, orderNo: string): Promise<RechargeOrder | null> {
  const [row] = await db
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.orderNo, orderNo), eq(rechargeOrders.userId, userId)));
  return row ?? null;
}

export async function findOrder(db: Db, orderNo: string): Promise<RechargeOrder | null> {
  const [row] = await db.select().from(rechargeOrders).where(eq(rechargeOrders.orderNo, orderNo));
  return row ?? null;
}

export async function lockOrder(tx: Tx, orderNo: string): Promise<RechargeOrder | null> {
  const [row] = await tx.select().from(rechargeOrders).where(eq(rechargeOrders.orderNo, orderNo)).for('update');
  return row ?? null;
}

export async function markPaid(
  tx: Tx,
  { id, tradeNo, at, afterClose }: { id: bigint; tradeNo: string; at: Date; afterClose: boolean },
) {
  await tx
    .update(rechargeOrders)
    .set({ status: 'paid', tradeNo, paidAt: at, paidAfterClose: afterClose })
    .where(eq(rechargeOrders.id, id));
}

/** Ends a pending order without payment; an order already paid or ended is left as it is. */
export async function markEnded(
  db: Db,
  { orderNo, status, at }: { orderNo: string; status: 'closed' | 'invalid'; at: Date },
) {
  await db
    .update(rechargeOrders)
    .set({ status, closedAt: at })
    .where(and(eq(rechargeOrders.orderNo, orderNo), eq(rechargeOrders.status, 'pending')));
}

// Bank transfers are confirmed by an operator; only QR orders are closed and queried at a provider.
const QR_CHANNEL = inArray(rechargeOrders.channel, ['wechat', 'alipay']);

/** Pending QR orders whose QR has expired: the expiry job closes them at the provider. */
export const expiredQrOrders = (now: Date) =>
  and(eq(rechargeOrders.status, 'pending'), QR_CHANNEL, lte(rechargeOrders.expiresAt, now));

/** Pending QR orders opened at least `age` ago and not yet expired: the query job asks the provider about them. */
export const unansweredQrOrders = (now: Date, ageMs: number) =>
  and(
    eq(rechargeOrders.status, 'pending'),
    QR_CHANNEL,
    gt(rechargeOrders.expiresAt, now),
    lte(rechargeOrders.createdAt, new Date(now.getTime() - ageMs)),
  );

export interface OrderFilter {
  statuses?: PaymentStatus[] | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

/** A page of the user's orders, newest first, created within the filter's days and with one of its statuses. */
export function orderPage(db: Db, userId: UserId, filter: OrderFilter) {
  const where = and(
    eq(rechargeOrders.userId, userId),
    filter.statuses ? inArray(rechargeOrders.status, filter.statuses) : undefined,
    filter.from ? gte(rechargeOrders.createdAt, filter.from) : undefined,
    filter.until ? lt(rechargeOrders.createdAt, filter.until) : undefined,
  );
  return {
    rows: (window: PageWindow) =>
      db
        .select()
        .from(rechargeOrders)
        .where(where)
        .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id))
        .limit(window.limit)
        .offset(window.offset),
    total: () => db.$count(rechargeOrders, where),
  };
}

/** A page of bank-transfer orders in one status, oldest first (the operators' queue), or the one order named. */
export function bankOrderPage(db: Db, filter: { status: PaymentStatus; orderNo?: string | undefined }) {
  const where = and(
    eq(rechargeOrders.channel, 'bank'),
    eq(rechargeOrders.status, filter.status),
    filter.orderNo ? eq(rechargeOrders.orderNo, filter.orderNo) : undefined,
  );
  return {
    rows: (window: PageWindow) =>
      db
        .select()
        .from(rechargeOrders)
        .where(where)
        .orderBy(asc(rechargeOrders.createdAt), asc(rechargeOrders.id))
        .limit(window.limit)
        .offset(window.offset),
    total: () => db.$count(rechargeOrders, where),
  };
}
