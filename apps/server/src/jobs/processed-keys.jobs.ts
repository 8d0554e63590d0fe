import { purgeProcessedKeys } from '../db/processed-keys.js';
import type { JobDefinition } from './job-definition.js';

/** Forgets internal idempotency keys given an expiry (batch rows of finished periods); keys without one stay. */
export const processedKeysPurgeJob: JobDefinition = {
  name: 'jobs.purge-processed-keys',
  cadence: 'day',
  catchUp: 1,
  run: async (tx, { now, log }) => {
    log.info({ removed: await purgeProcessedKeys(tx, now) }, 'purged expired processed keys');
  },
};
