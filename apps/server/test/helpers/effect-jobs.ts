import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { defineBatchJob } from '../../src/jobs/batch-job.js';
import { scratchEffects, scratchItems } from './scratch-tables.js';

export interface EffectJobOptions {
  name: string;
  /** Written into each effect, to tell which instance applied it. */
  worker: string;
  /** The items of this owner are the job's rows. */
  ownerId: bigint;
  batchSize?: number;
  /** With an outside step between claiming and applying (which makes the job work a period on one instance). */
  withStep?: boolean;
  /** Called before each row's effect (or its outside step, with `withStep`), with how many rows came before. */
  onRow?: (seen: number) => Promise<void>;
}

/** A batch job whose effect is one `scratch_effects` row per item and period: a double effect shows as two rows. */
export function effectJob(options: EffectJobOptions) {
  let seen = 0;
  const beforeRow = async () => {
    seen += 1;
    await options.onRow?.(seen - 1);
  };
  const effect = (itemId: bigint, period: string, worker: string) => ({ itemId, period, worker });
  const common = {
    name: options.name,
    cadence: 'minute' as const,
    catchUp: 5,
    batchSize: options.batchSize ?? 20,
    table: scratchItems,
    where: () => eq(scratchItems.ownerId, options.ownerId),
  };
  if (!options.withStep) {
    return defineBatchJob({
      ...common,
      apply: async (tx, { row }, { period }) => {
        await beforeRow();
        await tx.insert(scratchEffects).values(effect(row.id, period, options.worker));
      },
    });
  }
  return defineBatchJob({
    ...common,
    prepare: async (row) => {
      await beforeRow();
      return `${options.worker}:${row.label}`;
    },
    apply: async (tx, { row, prepared }, { period }) => {
      await tx.insert(scratchEffects).values(effect(row.id, period, prepared));
    },
  });
}

/** How many effects each item of an owner has in a period, and which workers applied them. */
export async function effectsOf(db: Db, options: { ownerId: bigint; period: string }) {
  const rows = await queryRows<{ effects: number; worker: string }>(
    db,
    sql`SELECT count(e.id)::int AS effects, coalesce(min(e.worker), '') AS worker
        FROM scratch_items i LEFT JOIN scratch_effects e ON e.item_id = i.id AND e.period = ${options.period}
        WHERE i.owner_id = ${options.ownerId.toString()}::bigint
        GROUP BY i.id ORDER BY i.id`,
  );
  return {
    items: rows.length,
    exactlyOnce: rows.every((row) => row.effects === 1),
    byWorker: rows.reduce<Record<string, number>>((counts, row) => {
      const worker = row.worker.split(':')[0]!;
      counts[worker] = (counts[worker] ?? 0) + 1;
      return counts;
    }, {}),
  };
}
