import { sql } from 'drizzle-orm';
import { bigint, customType, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, id } from '../db/columns.js';

/** A transaction id (`xid8`), read and written as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/** Domain events (migration 0040): written by the module that owns the fact, in the fact's transaction. */
export const events = pgTable('events', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  txId: xid8('tx_id')
    .notNull()
    .default(sql`pg_current_xact_id()`),
  type: text('type').notNull(),
  subject: text('subject').notNull(),
  payload: jsonb('payload').$type<unknown>().notNull(),
  occurredAt: at('occurred_at').notNull(),
});

/** Each consumer's place in the events, and the failures of the event after it while it is retried. */
export const eventConsumers = pgTable('event_consumers', {
  name: text('name').primaryKey(),
  afterTx: xid8('after_tx').notNull(),
  afterId: id('after_id').notNull(),
  failingEventId: id('failing_event_id'),
  attempts: integer('attempts').notNull(),
  lastError: text('last_error'),
  retryAt: at('retry_at'),
});

/** Events a consumer gave up on, with their error, and those of their subject held behind them. */
export const parkedEvents = pgTable(
  'parked_events',
  {
    consumer: text('consumer').notNull(),
    eventId: bigint('event_id', { mode: 'bigint' }).notNull(),
    subject: text('subject').notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull(),
    heldBehind: id('held_behind'),
    parkedAt: at('parked_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.consumer, table.eventId] })],
);
