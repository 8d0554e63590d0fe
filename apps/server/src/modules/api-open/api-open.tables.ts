import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, userIdColumn } from '../../db/columns.js';

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

/** The gateway servers holding allowances, with their heartbeat in the database's time (migration 0052). */
export const apiGatewayServers = pgTable('api_gateway_servers', {
  id: text('id').primaryKey(),
  heartbeatAt: at('heartbeat_at').notNull(),
});

/** A block of calls a server bought ahead for a user, and how many it had served as of its last checkpoint. */
export const apiAllowances = pgTable('api_allowances', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  serverId: text('server_id').notNull(),
  userId: userIdColumn(),
  orderNo: text('order_no').notNull().unique(),
  pointsPerCall: bigint('points_per_call', { mode: 'bigint' }).notNull(),
  calls: integer('calls').notNull(),
  used: integer('used').notNull().default(byDatabase),
  boughtAt: at('bought_at').notNull(),
  closedAt: at('closed_at'),
  /** Another server ran short for this user and asked for the calls held here back. */
  recalledAt: at('recalled_at'),
});
