import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import type { OwnedRun, RunId } from './job-runs.queries.js';

/** Whether the period has been started and not finished, by whichever instance. */
export async function isRunning(db: Db, run: RunId): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM job_runs WHERE job = ${run.job} AND period = ${run.period} AND status = 'running'`,
  );
  return rows.length > 0;
}

/**
 * Holds the period open for one chunk's transaction (`FOR KEY SHARE`: any number of workers at once, and lease
 * renewals pass), so that nobody can mark it done while rows are in flight; false once it is done.
 */
export async function shareRun(tx: Tx, run: RunId): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`SELECT 1 FROM job_runs WHERE job = ${run.job} AND period = ${run.period} AND status = 'running'
        FOR KEY SHARE`,
  );
  return rows.length > 0;
}

/** Takes the period for finishing it: waits until every chunk in flight has committed or rolled back. */
export async function lockRunToFinish(tx: Tx, run: RunId): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`SELECT 1 FROM job_runs WHERE job = ${run.job} AND period = ${run.period} AND status = 'running'
        FOR UPDATE`,
  );
  return rows.length > 0;
}

/** Extends our lease after a chunk, so a long period is not taken for abandoned; false if someone took it over. */
export async function renewLease(db: Db, run: OwnedRun & { leaseMs: number }): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`UPDATE job_runs SET lease_expires_at = now() + make_interval(secs => ${run.leaseMs / 1000})
        WHERE job = ${run.job} AND period = ${run.period} AND owner = ${run.owner} AND status = 'running'
        RETURNING 1`,
  );
  return rows.length > 0;
}

/** Gives the period up before its lease runs out, so that the next tick (here or elsewhere) resumes it at once. */
export async function releaseLease(db: Db, run: OwnedRun): Promise<void> {
  await db.execute(
    sql`UPDATE job_runs SET lease_expires_at = now()
        WHERE job = ${run.job} AND period = ${run.period} AND owner = ${run.owner} AND status = 'running'`,
  );
}
