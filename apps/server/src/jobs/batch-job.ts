import { and, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { lockRows, type LockMode, type RowOf, type TableWithId } from '../db/locks.js';
import type { Cadence } from './periods.js';
import type { JobContext } from './job-definition.js';

/**
 * A job whose period works through many rows (a billing tick, the compute reconciler, expiries): each row's effect
 * runs once per period, in short transactions of `batchSize` rows (ARCHITECTURE §6). See jobs/README.md.
 */
export interface BatchJobSpec<T extends TableWithId, Prepared, Row = RowOf<T>> {
  name: string;
  cadence: Cadence;
  /** How many missed periods to catch up after downtime; older ones are left. */
  catchUp?: number;
  /** Rows per transaction: small enough that no transaction holds the database long (on PGlite, every request). */
  batchSize?: number;
  /** The table whose rows a period works through, keyed by its `id`. */
  table: T;
  /**
   * The columns its steps read, by field name, when fewer than all (`Row` then says which): a claim of thousands of
   * rows reads and maps only these (a billing tick's 13 of 32 columns).
   */
  columns?: Record<string, AnyPgColumn>;
  /** Which of its rows are due in this period (all when omitted); rows done in the period drop out by themselves. */
  where?(context: JobContext): SQL | undefined;
  /**
   * How a row done in the period drops out of the due rows. `keys` (default): a row key per row and period, recorded
   * with its effect. `row`: the effect itself moves the row out of `where` in the same transaction (a billing tick
   * moves `billed_through` past the minute), so the row's own state is its idempotency and no key is written, a write
   * per row saved. A row claimed again after its effect in the same run means `where` and the effect disagree: the
   * chunk fails rather than applying it twice.
   */
  doneBy?: 'keys' | 'row';
  /**
   * A column of `table` whose rows belong together (an owner): rows are then claimed in (column, id) order, so that a
   * chunk holds whole groups and what they share (the owner's wallet) is locked and written once per chunk rather
   * than in nearly every chunk. Every locker of several of these rows at once must take them in that order too.
   */
  groupBy?: AnyPgColumn;
  /**
   * A step outside any transaction, between claiming a row and applying its effect: a call to a compute driver or a
   * provider. A crash may make it run again for a row, so it must be safe to repeat (a reconciler's calls are). A job
   * with this step works a period on one instance at a time, since its rows are not locked while the step runs.
   */
  prepare?(row: Row, context: JobContext): Promise<Prepared>;
  /** The row's effect, in the transaction that records the row as done for the period: it runs once per period. */
  apply(tx: Tx, item: { row: Row; prepared: Prepared }, context: JobContext): Promise<void>;
  /**
   * The effect of a whole chunk at once, when set-based statements do it faster than a row at a time (a billing
   * tick): the rows this transaction claimed for the period, in claim order. Without it each row goes to `apply`.
   */
  applyChunk?(tx: Tx, items: { row: Row; prepared: Prepared }[], context: JobContext): Promise<void>;
}

export interface BatchItem {
  /** The row's id as text: with the period, the row's idempotency key. */
  key: string;
  /** Where the next claim continues after this row: its id, or with `groupBy` its group and id. */
  cursor: string;
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
  /** Whether a row key records each row done in the period (`BatchJobSpec.doneBy`). */
  keyed: boolean;
  /** Locks up to `limit` due rows in claim order, those after the cursor `after` when given. */
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

/** The order rows are claimed in, and the cursor a claim continues after: the id, or the group and the id. */
function claimOrder(table: TableWithId, groupBy: AnyPgColumn | undefined) {
  const idOf = (row: unknown) => String((row as Record<string, unknown>).id);
  if (!groupBy) {
    return { columns: [table.id], cursor: idOf, after: (cursor: string) => sql`${table.id} > ${cursor}` };
  }
  const [field] = Object.entries(getTableColumns(table)).find(([, column]) => column === groupBy) ?? [];
  if (!field) {
    throw new Error(`groupBy must be a column of the job's table, got ${groupBy.name}`);
  }
  return {
    columns: [groupBy, table.id],
    cursor: (row: unknown) => JSON.stringify([String((row as Record<string, unknown>)[field]), idOf(row)]),
    after: (cursor: string) => {
      const [group, id] = JSON.parse(cursor) as [string, string];
      return sql`(${groupBy}, ${table.id}) > (${group}, ${id})`;
    },
  };
}

export function defineBatchJob<T extends TableWithId, Prepared = undefined, Row = RowOf<T>>(
  spec: BatchJobSpec<T, Prepared, Row>,
): BatchJob {
  const keyed = (spec.doneBy ?? 'keys') === 'keys';
  const order = claimOrder(spec.table, spec.groupBy);
  const read = spec.columns ? Object.values(spec.columns) : [];
  if (spec.columns && !order.columns.every((column) => read.includes(column))) {
    throw new Error(`${spec.name}: the columns read must include the claim order's (id and groupBy)`);
  }
  const due = (context: JobContext) =>
    and(spec.where?.(context), keyed ? notDone(spec.name, spec.table, context.period) : undefined);
  return {
    kind: 'batch',
    name: spec.name,
    cadence: spec.cadence,
    ...(spec.catchUp === undefined ? {} : { catchUp: spec.catchUp }),
    batchSize: spec.batchSize ?? DEFAULT_BATCH_SIZE,
    exclusive: spec.prepare !== undefined,
    keyed,
    claim: async (tx, context, { after, ...lock }) => {
      const where = and(due(context), after === undefined ? undefined : order.after(after));
      const columns = spec.columns ? { columns: spec.columns } : {};
      const rows = await lockRows(tx, spec.table, { where, orderBy: order.columns, ...columns, ...lock });
      return rows.map((row) => ({ key: String((row as Record<string, unknown>).id), cursor: order.cursor(row), row }));
    },
    hasPending: async (tx, context) => {
      const rows = await tx
        .select({ one: sql`1` })
        .from(spec.table as PgTable)
        .where(due(context))
        .limit(1);
      return rows.length > 0;
    },
    prepare: async (row, context) => (spec.prepare ? spec.prepare(row as Row, context) : undefined),
    apply: async (tx, items, context) => {
      const typed = items as { row: Row; prepared: Prepared }[];
      if (spec.applyChunk) {
        return spec.applyChunk(tx, typed, context);
      }
      for (const item of typed) {
        await spec.apply(tx, item, context);
      }
    },
  };
}
