import { pgTable, text } from 'drizzle-orm/pg-core';
import { at, id, userIdColumn } from '../../db/columns.js';
import type { SessionId } from '../../db/ids.js';

export const sessions = pgTable('sessions', {
  id: id().$type<SessionId>().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: at('created_at').notNull(),
  lastSeenAt: at('last_seen_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  absoluteExpiresAt: at('absolute_expires_at').notNull(),
  revokedAt: at('revoked_at'),
});
