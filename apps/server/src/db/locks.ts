import { createHash } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, LockConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db, Tx } from './client.js';
import { queryRows } from './sql.js';

/** A table whose rows have one `id` column, which is what the row-lock helpers key on. */
export type TableWithId = PgTable & { id: AnyPgColumn };
export type RowOf<T extends TableWithId> = T['$inferSelect'];

/**
 * - `wait` (default): block until the holder commits, then lock the row as it is then.
 * - `skip-locked`: leave rows someone else holds; for work queues, where another worker takes them.
 * - `nowait`: fail at once (SQLSTATE 55P03, `isLockNotAvailable`) rather than wait.
 */
export type LockMode = 'wait' | 'skip-locked' | 'nowait';

export interface LockRowsOptions {
  /** Which rows, owner included: `and(eq(vouchers.userId, userId), …)` (ARCHITECTURE §4). */
  where?: SQL | undefined;
  mode?: LockMode;
  /** At most this many rows, taken in id order so that two lockers of the same rows never deadlock. */
  limit?: number;
  /** Another order, which every locker of these rows must share: `[owner, id]` takes an owner's rows together. */
  orderBy?: AnyPgColumn[];
  /** The columns to read, by field name, when fewer than all: a batch of thousands reads only what it uses. */
  columns?: Record<string, AnyPgColumn>;
}

const LOCK_CONFIG: Record<LockMode, LockConfig> = {
  wait: {},
  'skip-locked': { skipLocked: true },
  nowait: { noWait: true },
};

/** `SELECT … FOR UPDATE` of the rows that match, in id order by default. Only a transaction may hold a row lock. */
export async function lockRows<T extends TableWithId>(
  tx: Tx,
  table: T,
  options: LockRowsOptions = {},
): Promise<RowOf<T>[]> {
  const query = (options.columns ? (tx as Db).select(options.columns) : (tx as Db).select())
    .from(table as PgTable)
    .where(options.where)
    .orderBy(...(options.orderBy ?? [table.id]).map((column) => asc(column)))
    .for('update', LOCK_CONFIG[options.mode ?? 'wait'])
    .$dynamic();
  const rows = options.limit === undefined ? await query : await query.limit(options.limit);
  return rows as RowOf<T>[];
}

/**
 * Locks one row by id (and by the extra condition, such as its owner) until the transaction ends; null when no such
 * row exists, or with `skip-locked` when someone else holds it.
 */
export async function lockRow<T extends TableWithId>(
  tx: Tx,
  table: T,
  target: { id: unknown; where?: SQL; mode?: LockMode },
): Promise<RowOf<T> | null> {
  const where = and(eq(table.id, target.id), target.where);
  const [row] = await lockRows(tx, table, { where, limit: 1, ...(target.mode ? { mode: target.mode } : {}) });
  return row ?? null;
}

/**
 * A stable signed 64-bit key for an advisory lock's name: the first 8 bytes of its SHA-256, so that every instance
 * and every release computes the same key, and two names collide only by astronomical chance.
 */
export function advisoryKey(name: string): bigint {
  return createHash('sha256').update(name).digest().readBigInt64BE(0);
}

/**
 * Takes the advisory lock `name` until the transaction ends (`pg_advisory_xact_lock`): for work that must not run
 * twice at once but has no row to lock, such as the first ledger entry of a wallet not yet created.
 */
export async function lockName(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${advisoryKey(name).toString()}::bigint)`);
}

/** Like `lockName`, but answers false at once instead of waiting when someone else holds it. */
export async function tryLockName(tx: Tx, name: string): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`SELECT pg_try_advisory_xact_lock(${advisoryKey(name).toString()}::bigint) AS locked`,
  );
  return row?.locked === true;
}

/**
 * Holds the advisory lock `name` on a session of its own while `work` runs, across as many transactions as it likes
 * (as migrations do). Waits for the lock; the lock is released even when `work` fails, and by PostgreSQL when the
 * process dies.
 */
export async function whileHoldingName<T>(database: Database, name: string, work: () => Promise<T>): Promise<T> {
  const key = advisoryKey(name).toString();
  return database.withSession(async (session) => {
    await session.query('SELECT pg_advisory_lock($1::bigint)', [key]);
    try {
      return await work();
    } finally {
      await session.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
    }
  });
}
