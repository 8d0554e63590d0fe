import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from '../db/columns.js';

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
