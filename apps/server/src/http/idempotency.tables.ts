import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, userIdColumn } from '../db/columns.js';

/** Idempotency-Key records of idempotent endpoints; http/idempotency.queries.ts is the only code that touches them. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userIdColumn(),
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** running: held, nothing committed; committed: the work committed, its answer not yet kept; done: answered. */
    state: text('state', { enum: ['running', 'committed', 'done'] }).notNull(),
    /** Which request holds the key: only its transactions may mark it committed. */
    attempt: text('attempt'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    lockedUntil: at('locked_until').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.endpoint, table.key] })],
);
