import type { Money } from '@suanli/contract';
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns.js';
import type { UserId } from '../../db/ids.js';

export const redeemBatches = pgTable('redeem_batches', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).$type<Money>().notNull(),
  expiresAt: at('expires_at'),
  createdBy: id('created_by').$type<UserId>(),
  createdAt: at('created_at').notNull(),
});

export const redeemCodes = pgTable('redeem_codes', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  batchId: id('batch_id').notNull(),
  redeemedBy: id('redeemed_by').$type<UserId>(),
  redeemedAt: at('redeemed_at'),
});
