import { pgTable, text } from 'drizzle-orm/pg-core';
import { at, userIdColumn } from '../../db/columns.js';

export type WarningLevel = 'hour' | 'tenMinutes';

/**
 * The last low-balance warning each user was given (migration 0023, made by the applications module and owned by the
 * wallet's settle service since decision 0024), so that each crossing sends one notice.
 */
export const balanceWarnings = pgTable('balance_warnings', {
  userId: userIdColumn().primaryKey(),
  level: text('level').$type<WarningLevel>().notNull(),
  warnedAt: at('warned_at').notNull(),
});
