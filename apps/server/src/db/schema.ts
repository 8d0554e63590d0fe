import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Drizzle's view of the tables, for typed queries. The migrations folder is the source of truth for the database;
 * a test compares the two so they cannot drift.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    status: text('status', { enum: ['running', 'done'] }).notNull(),
    owner: text('owner').notNull(),
    attempts: integer('attempts').notNull(),
    leaseExpiresAt: at('lease_expires_at').notNull(),
    startedAt: at('started_at').notNull(),
    finishedAt: at('finished_at'),
    lastError: text('last_error'),
  },
  (table) => [primaryKey({ columns: [table.job, table.period] })],
);

export const users = pgTable('users', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  nickName: text('nick_name').notNull(),
  phone: text('phone').unique(),
  email: text('email').unique(),
  realNameVerifiedAt: at('real_name_verified_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    absoluteExpiresAt: at('absolute_expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);
