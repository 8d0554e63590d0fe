import { sql } from 'drizzle-orm';
import { bigint, timestamp } from 'drizzle-orm/pg-core';
import type { Money } from '@suanli/contract';
import type { UserId } from './ids.js';

/**
 * Column builders every module's `<area>.tables.ts` shares. The migrations folder is the source of truth for the
 * database (constraints and foreign keys live there); a test compares each table definition with it.
 */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const id = (name = 'id') => bigint(name, { mode: 'bigint' });
/** The owner of a row: a user id, branded, never null. */
export const userIdColumn = () => id('user_id').$type<UserId>().notNull();
/** An amount of money in units of 0.0001 yuan (ARCHITECTURE §4). */
export const moneyColumn = (name: string) => bigint(name, { mode: 'bigint' }).$type<Money>();
/** Columns the database fills from its own DEFAULT; drizzle sends DEFAULT when they are omitted. */
export const byDatabase = sql`DEFAULT`;
