import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, id, userIdColumn } from '../../db/columns.js';
import type { UserId } from '../../db/ids.js';

/** What each operator may do, by area (migration 0036). */
export const operatorPermissions = pgTable(
  'operator_permissions',
  { userId: userIdColumn(), area: text('area').notNull(), grantedAt: at('granted_at').notNull().defaultNow() },
  (table) => [primaryKey({ columns: [table.userId, table.area] })],
);

/** Every operator action, append only (migration 0037: a trigger refuses UPDATE, DELETE and TRUNCATE). */
export const auditLog = pgTable('audit_log', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  /** Null: the server's shell (`npm run admin`). */
  operatorId: id('operator_id').$type<UserId>(),
  area: text('area').notNull(),
  action: text('action').notNull(),
  target: text('target').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason').notNull(),
  requestId: text('request_id').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
