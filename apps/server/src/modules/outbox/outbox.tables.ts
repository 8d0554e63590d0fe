import { pgTable, text } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns.js';

export const outboxMessages = pgTable('outbox_messages', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  code: text('code'),
  createdAt: at('created_at').notNull().defaultNow(),
});
