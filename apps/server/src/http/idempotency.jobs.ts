import type { JobDefinition } from '../jobs/job-definition.js';
import { purgeExpiredKeys } from './idempotency.queries.js';

/** Forgets Idempotency-Key records once their 24 hours are over; hourly, so the table holds about a day of keys. */
export const idempotencyPurgeJob: JobDefinition = {
  name: 'http.purge-idempotency-keys',
  cadence: 'hour',
  catchUp: 1,
  run: async (tx, { now, log }) => {
    log.info({ removed: await purgeExpiredKeys(tx, now) }, 'purged expired idempotency keys');
  },
};
