import type { Money, PaymentChannel, PaymentStatus } from '@suanli/contract';
import { bigint, boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, userIdColumn } from '../../db/columns.js';

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
  paidAfterClose: boolean('paid_after_close').notNull().default(byDatabase),
  createdAt: at('created_at').notNull(),
  // None for a bank transfer, which waits for an operator rather than a QR's expiry.
  expiresAt: at('expires_at'),
  paidAt: at('paid_at'),
  closedAt: at('closed_at'),
});
