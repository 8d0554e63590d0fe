import type { Money, VoucherKind, VoucherSource, VoucherStatus } from '@suanli/contract';
import { bigint, boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, userIdColumn } from '../../db/columns.js';

const money = (name: string) => bigint(name, { mode: 'bigint' }).$type<Money>();

/** Vouchers (migration 0014): spent before the balance, earliest expiry first, only by `charge`. */
export const vouchers = pgTable('vouchers', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  kind: text('kind').$type<VoucherKind>().notNull(),
  name: text('name'),
  faceAmount: money('face_amount').notNull(),
  balance: money('balance').notNull(),
  status: text('status').$type<VoucherStatus>().notNull().default(byDatabase),
  source: text('source').$type<VoucherSource>().notNull(),
  effectiveAt: at('effective_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  createdAt: at('created_at').notNull(),
});

/** What each voucher paid of which order. */
export const voucherSpends = pgTable('voucher_spends', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  voucherId: id('voucher_id').notNull(),
  userId: userIdColumn(),
  orderNo: text('order_no').notNull(),
  amount: money('amount').notNull(),
  createdAt: at('created_at').notNull(),
});

/** Recharge-return promotion tiers, as configured. */
export const rechargeReturnTiers = pgTable('recharge_return_tiers', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  threshold: money('threshold').notNull().unique(),
  voucherAmount: money('voucher_amount').notNull(),
  validDays: integer('valid_days').notNull(),
  active: boolean('active').notNull().default(byDatabase),
});
