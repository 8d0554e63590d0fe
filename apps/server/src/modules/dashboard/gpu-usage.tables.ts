import { integer, pgTable } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.js';

/** The fleet's busy GPUs of all, sampled once an hour (migration 0056): the dashboard's utilisation chart. */
export const gpuUsageSamples = pgTable('gpu_usage_samples', {
  hour: at('hour').primaryKey(),
  busy: integer('busy').notNull(),
  total: integer('total').notNull(),
});
