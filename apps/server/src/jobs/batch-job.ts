import { and, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { lockRows, type LockMode, type RowOf, type TableWithId } from '../db/locks.js';
import type { Cadence } from './periods.js';
import type { JobContext } from './job-definition.js';

/**
 * A job whose period works through many rows (a billing tick, the compute reconciler, expiries): each row's effect
 * runs once per period, in short transactions of `batchSize` rows (ARCHITECTURE §6). See jobs/README.md.
 */
export interface BatchJobSpec<T extends TableWithId, Prepared> {
  name: string;
  cadence: Cadence;
  /** How many missed periods to catch up after downtime; older ones are left. */
  catchUp?: number;
  /** Rows per transaction: small enough that no transaction holds the database long (on PGlite, every request). */
  batchSize?: number;
  /** The table whose rows a period works through, keyed by its `id`. */
  table: T;
  /** Which of its rows are due in this period (all when omitted); rows done in the period drop out by themselves. */
  where?(context: JobContext): SQL | undefined;
  /**
   * A step outside any transaction, between claiming a row and applying its effect: a call to a compute driver or a
   * provider. A crash may make it run again for a row, so it must be safe to repeat (a reconciler's calls are). A job
   * with this step works a period on one instance at a time, since its rows are not locked while the step runs.
   */
  prepare?(row: RowOf<T>, context: JobContext): Promise<Prepared>;
  /** The row's effect, in the transaction that records the row as done for the period: it runs once per period. */
  apply(tx: Tx, item: { row: RowOf<T>; prepared: Prepared }, context: JobContext): Promise<void>;
  /**
   * The effect of a whole chunk at once, when set-based statements do it faster than a row at a time (a billing
   * tick): the rows this transaction claimed for the period, in claim order. Without it each row goes to `apply`.
   */
  applyChunk?(tx: Tx, items: { row: RowOf<T>; prepared: Prepared }[], context: JobContext): Promise<void>;
}

export interface BatchItem {
  /** The row's id as text: with the period, the row's idempotency key. */
  key: string;
  row: unknown;
}

/** A batch job as the scheduler sees it: rows are opaque to it. Made by `defineBatchJob`. */
export interface BatchJob {
  kind: 'batch';
  name: string;
  cadence: Cadence;
  catchUp?: number;
  batchSize: number;
  /** Whether the job works its periods on one instance at a time (it has a `prepare` step). */
  exclusive: boolean;
  /** Locks up to `limit` due rows in id order, those after the id `after` when given. */
  claim(tx: Tx, context: JobContext, lock: { limit: number; mode: LockMode; after?: string }): Promise<BatchItem[]>;
  hasPending(tx: Tx, context: JobContext): Promise<boolean>;
  prepare(row: unknown, context: JobContext): Promise<unknown>;
  /** The effect of the chunk's rows whose keys this transaction claimed. */
  apply(tx: Tx, items: { row: unknown; prepared: unknown }[], context: JobContext): Promise<void>;
}

const DEFAULT_BATCH_SIZE = 100;

/** The processed key of a row in a period: scope is the job's name (db/processed-keys.ts). */
export const rowKey = (period: string, key: string) => `${period}:${key}`;

// Rows whose key for this period is already recorded are done; the rest are what the period still has to do.
function notDone<T extends TableWithId>(name: string, table: T, period: string): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM processed_keys done
    WHERE done.scope = ${name} AND done.key = ${rowKey(period, '')} || (${table.id})::text)`;
}

export function defineBatchJob<T extends TableWithId, Prepared = undefined>(spec: BatchJobSpec<T, Prepared>): BatchJob {
  const due = (context: JobContext) => and(spec.where?.(context), notDone(spec.name, spec.table, context.period));
  return {
    kind: 'batch',
    name: spec.name,
    cadence: spec.cadence,
    ...(spec.catchUp === undefined ? {} : { catchUp: spec.catchUp }),
    batchSize: spec.batchSize ?? DEFAULT_BATCH_SIZE,
    exclusive: spec.prepare !== undefined,
    claim: async (tx, context, { after, ...lock }) => {
      const where = and(due(context), after === undefined ? undefined : sql`${spec.table.id} > ${after}`);
      const rows = await lockRows(tx, spec.table, { where, ...lock });
      return rows.map((row) => ({ key: String((row as Record<string, unknown>).id), row }));
    },
    hasPending: async (tx, context) => {
      const rows = await tx
        .select({ one: sql`1` })
        .from(spec.table as PgTable)
        .where(due(context))
        .limit(1);
      return rows.length > 0;
    },
    prepare: async (row, context) => (spec.prepare ? spec.prepare(row as RowOf<T>, context) : undefined),
    apply: async (tx, items, context) => {
      const typed = items as { row: RowOf<T>; prepared: Prepared }[];
      if (spec.applyChunk) {
        return spec.applyChunk(tx, typed, context);
      }
      for (const item of typed) {
        await spec.apply(tx, item, context);
      }
    },
  };
}
