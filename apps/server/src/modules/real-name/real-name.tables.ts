import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id, userIdColumn } from '../../db/columns.js';

export const realNameRecords = pgTable('real_name_records', {
  userId: userIdColumn().primaryKey(),
  realNameEncrypted: text('real_name_encrypted').notNull(),
  idNumberEncrypted: text('id_number_encrypted').notNull(),
  idNumberHash: text('id_number_hash').notNull().unique(),
  provider: text('provider').notNull(),
  verifiedAt: at('verified_at').notNull(),
});

export const realNameAttempts = pgTable('real_name_attempts', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  attemptedAt: at('attempted_at').notNull(),
  succeeded: boolean('succeeded').notNull(),
});
