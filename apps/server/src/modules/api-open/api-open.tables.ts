import { pgTable, text } from 'drizzle-orm/pg-core';
import { at, id, userIdColumn } from '../../db/columns.js';

/** API keys (migration 0049): only a key's SHA-256 and its first characters are kept. */
export const apiCredentials = pgTable('api_credentials', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  prefix: text('prefix').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at'),
  rotatedAt: at('rotated_at'),
  lastUsedAt: at('last_used_at'),
  revokedAt: at('revoked_at'),
});
