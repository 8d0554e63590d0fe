import { asc, gte, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { gpuUsageSamples } from './gpu-usage.tables.js';

/** Records the hour's sample once: a period worked again (after a crash) keeps the first. */
export async function insertSample(tx: Tx, sample: { hour: Date; busy: number; total: number }) {
  await tx.insert(gpuUsageSamples).values(sample).onConflictDoNothing();
}

export const pruneSamples = (tx: Tx, before: Date) =>
  tx.delete(gpuUsageSamples).where(lt(gpuUsageSamples.hour, before));

/** The samples from `since` on, oldest first. */
export function samplesSince(db: Db, since: Date) {
  return db
    .select({ hour: gpuUsageSamples.hour, busy: gpuUsageSamples.busy, total: gpuUsageSamples.total })
    .from(gpuUsageSamples)
    .where(gte(gpuUsageSamples.hour, since))
    .orderBy(asc(gpuUsageSamples.hour));
}
