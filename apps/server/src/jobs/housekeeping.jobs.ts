import { sql } from 'drizzle-orm';
import { queryRows } from '../db/sql.js';
import type { JobDefinition } from './scheduler.js';

/** Finished runs are kept 30 days for inspection; the (job, period) guard only needs the recent ones. */
export const housekeepingJobs: JobDefinition[] = [
  {
    name: 'jobs.prune-finished-runs',
    cadence: 'day',
    catchUp: 1,
    run: async (tx, { log }) => {
      const removed = await queryRows(
        tx,
        sql`DELETE FROM job_runs WHERE status = 'done' AND finished_at < now() - interval '30 days' RETURNING job`,
      );
      log.info({ removed: removed.length }, 'pruned finished job runs');
    },
  },
];
