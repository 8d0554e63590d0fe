import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns.js';

export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const verificationCodes = pgTable('verification_codes', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  target: text('target').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  ip: text('ip').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  consumedAt: at('consumed_at'),
});

export const rateCounters = pgTable(
  'rate_counters',
  { bucket: text('bucket').notNull(), windowStart: at('window_start').notNull(), hits: integer('hits').notNull() },
  (table) => [primaryKey({ columns: [table.bucket, table.windowStart] })],
);
