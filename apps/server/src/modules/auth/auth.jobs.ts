import type { AppContext } from '../../app-context.js';
import type { JobDefinition } from '../../jobs/scheduler.js';

/** Dead sessions are kept a day for the audit trail of a logout, then removed. */
export function authJobs({ sessions }: Pick<AppContext, 'sessions'>): JobDefinition[] {
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
