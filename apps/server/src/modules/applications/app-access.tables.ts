import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id, userIdColumn } from '../../db/columns.js';

/** One-time logins to an application's link (migration 0022): single use, 60 seconds, only the token's hash. */
export const applicationLoginTokens = pgTable('application_login_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  applicationId: id('application_id').notNull(),
  port: integer('port').notNull(),
  userId: userIdColumn(),
  expiresAt: at('expires_at').notNull(),
});
