import { setTimeout as sleep } from 'node:timers/promises';
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';
import { currentCommitGuard } from './commit-guard.js';
import { isRetryableTransactionError } from './errors.js';

export interface TransactionOptions {
  /**
   * `serializable` lets PostgreSQL refuse any interleaving that no serial order could produce; the refusal (40001) is
   * retried here. The default, `read committed`, is what row locks are designed around.
   */
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
  /** How many times the whole transaction may run in all; 3 unless told. */
  attempts?: number;
}

const DEFAULT_ATTEMPTS = 3;

// 10–30 ms, then 20–60 ms…: long enough for the winner of a conflict to commit, short enough that a request waits little.
const backoffMs = (attempt: number) => 10 * 2 ** (attempt - 1) * (1 + 2 * Math.random());

export const isTransaction = (db: Db): db is Tx => is(db, PgTransaction);

/**
 * Runs work in one transaction on either engine, and runs it again, a bounded number of times, when PostgreSQL
 * rolled it back for a serialization failure or a deadlock. So `work` must be safe to run more than once: it should
 * only touch the database, or keep what it does outside in a variable it sets again. Keep it short and free of
 * outside calls: on PGlite a transaction holds the only session (STACK "Things that bite").
 *
 * Called with a `Tx`, the work joins that transaction in place (and the options are the outer call's): only the
 * outermost call may retry, since an inner failure has already doomed the whole transaction. Begun inside
 * `guardingCommits`, the outermost call runs the guard after the work, so both commit or neither does.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (isTransaction(db)) {
    return work(db);
  }
  const config = options.isolation ? { isolationLevel: options.isolation } : undefined;
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const guard = currentCommitGuard();
  const guarded = guard
    ? async (tx: Tx) => {
        const result = await work(tx);
        await guard(tx);
        return result;
      }
    : work;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => guarded(tx as unknown as Tx), config);
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) {
        throw error;
      }
      await sleep(backoffMs(attempt));
    }
  }
}
