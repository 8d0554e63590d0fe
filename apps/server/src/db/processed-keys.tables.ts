import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from './columns.js';

/** Internal idempotency keys; db/processed-keys.ts is the only code that reads or writes them. */
export const processedKeys = pgTable(
  'processed_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at'),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);
