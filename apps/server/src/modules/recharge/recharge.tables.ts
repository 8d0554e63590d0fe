import type { Money, PaymentChannel, PaymentStatus } from '@suanli/contract';
import { bigint, boolean, date, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, moneyColumn, userIdColumn } from '../../db/columns.js';
import type { UserId } from '../../db/ids.js';

export const rechargeOrders = pgTable('recharge_orders', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  orderNo: text('order_no').notNull().unique(),
  userId: userIdColumn(),
  channel: text('channel').$type<PaymentChannel>().notNull(),
  amount: bigint('amount', { mode: 'bigint' }).$type<Money>().notNull(),
  status: text('status').$type<PaymentStatus>().notNull().default(byDatabase),
  codeUrl: text('code_url'),
  /** Paid on the provider's own page (Alipay's mobile-website payment), `code_url` being that page, not a QR's text. */
  pagePayment: boolean('page_payment').notNull().default(byDatabase),
  tradeNo: text('trade_no'),
  /** What operators have refunded of it; a refund compares and adds to it (migration 0058). */
  refunded: moneyColumn('refunded').notNull().default(byDatabase),
  paidAfterClose: boolean('paid_after_close').notNull().default(byDatabase),
  createdAt: at('created_at').notNull(),
  // None for a bank transfer, which waits for an operator rather than a QR's expiry.
  expiresAt: at('expires_at'),
  paidAt: at('paid_at'),
  closedAt: at('closed_at'),
});

export type RefundStatus = 'pending' | 'succeeded' | 'refused';

/** Refunds of paid QR orders, each under its own idempotency key at the provider (`refund_no`). */
export const rechargeRefunds = pgTable('recharge_refunds', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  refundNo: text('refund_no').notNull().unique(),
  orderNo: text('order_no').notNull(),
  userId: userIdColumn(),
  amount: moneyColumn('amount').notNull(),
  reason: text('reason').notNull(),
  operatorId: id('operator_id').$type<UserId>().notNull(),
  status: text('status').$type<RefundStatus>().notNull().default(byDatabase),
  providerRefundNo: text('provider_refund_no'),
  createdAt: at('created_at').notNull(),
  answeredAt: at('answered_at'),
});

export interface MissingAtProvider {
  orderNo: string;
  amount: string;
}
export interface MissingAsOrder {
  orderNo: string;
  tradeNo: string;
  amount: string;
}
export interface AmountMismatch {
  orderNo: string;
  orderAmount: string;
  providerAmount: string;
}

/** A channel's business day of provider clearing compared with the orders paid that day (migration 0058). */
export const clearingReconciliations = pgTable('clearing_reconciliations', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  day: date('day', { mode: 'string' }).notNull(),
  channel: text('channel').$type<'wechat' | 'alipay'>().notNull(),
  status: text('status').$type<'due' | 'done'>().notNull().default(byDatabase),
  matchedCount: integer('matched_count').notNull().default(byDatabase),
  matchedAmount: moneyColumn('matched_amount').notNull().default(byDatabase),
  missingAtProvider: jsonb('missing_at_provider').$type<MissingAtProvider[]>().notNull().default(byDatabase),
  missingAsOrders: jsonb('missing_as_orders').$type<MissingAsOrder[]>().notNull().default(byDatabase),
  mismatches: jsonb('mismatches').$type<AmountMismatch[]>().notNull().default(byDatabase),
  reconciledAt: at('reconciled_at'),
});
