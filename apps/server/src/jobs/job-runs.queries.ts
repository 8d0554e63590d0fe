import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { queryRows } from '../db/sql.js';

/** One period of one job: the key of `job_runs`. */
export interface RunId {
  job: string;
  period: string;
}

/** A run as one instance holds it. */
export interface OwnedRun extends RunId {
  owner: string;
}

export interface ClaimedRun {
  job: string;
  period: string;
  attempts: number;
}

/**
 * Claims (job, period) for `owner`: a new row, or a running row whose lease has expired (its owner died). A finished
 * row or a live lease yields nothing. One statement, so two instances can never both win.
 */
export async function claimRun(db: Db, { job, period, owner, leaseMs }: OwnedRun & { leaseMs: number }) {
  const rows = await queryRows<ClaimedRun>(
    db,
    sql`
    INSERT INTO job_runs (job, period, status, owner, lease_expires_at)
    VALUES (${job}, ${period}, 'running', ${owner}, now() + make_interval(secs => ${leaseMs / 1000}))
    ON CONFLICT (job, period) DO UPDATE
      SET owner = excluded.owner, lease_expires_at = excluded.lease_expires_at, attempts = job_runs.attempts + 1
      WHERE job_runs.status = 'running' AND job_runs.lease_expires_at < now()
    RETURNING job, period, attempts`,
  );
  return rows[0] ?? null;
}

/** Locks our claimed row for the work's transaction; null when another instance has taken it over meanwhile. */
export async function lockOwnRun(tx: Tx, { job, period, owner }: OwnedRun) {
  const rows = await queryRows(
    tx,
    sql`
    SELECT 1 FROM job_runs
    WHERE job = ${job} AND period = ${period} AND owner = ${owner} AND status = 'running'
    FOR UPDATE`,
  );
  return rows.length > 0;
}

export async function finishRun(tx: Tx, { job, period }: RunId) {
  await tx.execute(sql`
    UPDATE job_runs SET status = 'done', finished_at = now(), last_error = NULL
    WHERE job = ${job} AND period = ${period}`);
}

/** A failed attempt keeps the row running with a short lease, so the next tick (here or elsewhere) retries it. */
export async function failRun(
  db: Db,
  { job, period, owner, error, retryMs }: OwnedRun & { error: string; retryMs: number },
) {
  await db.execute(sql`
    UPDATE job_runs
    SET last_error = ${error.slice(0, 2000)}, lease_expires_at = now() + make_interval(secs => ${retryMs / 1000})
    WHERE job = ${job} AND period = ${period} AND owner = ${owner} AND status = 'running'`);
}

export async function lastDonePeriod(db: Db, job: string): Promise<string | null> {
  const rows = await queryRows<{ period: string | null }>(
    db,
    sql`SELECT max(period) AS period FROM job_runs WHERE job = ${job} AND status = 'done'`,
  );
  return rows[0]?.period ?? null;
}

/** Runs left unfinished by a crashed or failed attempt whose lease has run out. */
export async function abandonedPeriods(db: Db, job: string): Promise<string[]> {
  const rows = await queryRows<{ period: string }>(
    db,
    sql`
    SELECT period FROM job_runs
    WHERE job = ${job} AND status = 'running' AND lease_expires_at < now()
    ORDER BY period`,
  );
  return rows.map((row) => row.period);
}

/**
 * Each job that ran in the runs kept (30 days): its newest finished period and when it finished, how many periods
 * are failing (their last attempt threw; a later tick retries them) and the newest of their errors.
 */
export function jobOverview(db: Db) {
  return queryRows<{
    job: string;
    last_period: string | null;
    last_finished_at: string | null;
    failing: number;
    last_error: string | null;
  }>(
    db,
    sql`SELECT job, max(period) FILTER (WHERE status = 'done') AS last_period,
               max(finished_at)::text AS last_finished_at,
               (count(*) FILTER (WHERE status = 'running' AND last_error IS NOT NULL))::int AS failing,
               (array_agg(last_error ORDER BY period DESC) FILTER (WHERE status = 'running' AND last_error IS NOT NULL))[1]
                 AS last_error
        FROM job_runs GROUP BY job ORDER BY job`,
  );
}
