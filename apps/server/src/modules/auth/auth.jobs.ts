import type { JobDefinition } from '../../jobs/scheduler.js';
import type { SessionService } from './auth.service.js';

/** Dead sessions are kept a day for the audit trail of a logout, then removed. */
export function authJobs(sessions: SessionService): JobDefinition[] {
  return [
    {
      name: 'auth.purge-dead-sessions',
      cadence: 'day',
      catchUp: 1,
      run: async (tx, { now, log }) => {
        log.info({ removed: await sessions.purge(tx, now) }, 'purged dead sessions');
      },
    },
  ];
}
