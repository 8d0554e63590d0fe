import type { JobDefinition } from '../../jobs/scheduler.js';
import type { Module, Platform } from '../../platform.js';
import type { UsersService } from '../users/index.js';
import { sessionsService, type SessionsService } from './sessions.service.js';

export {
  hashToken,
  SESSION_ABSOLUTE_MS,
  SESSION_SLIDING_MS,
  type LiveSession,
  type SessionsService,
  type TokenAnswer,
} from './sessions.service.js';

/** Sessions (bearer tokens) and signing in; lower than auth and WeChat login, which both sign users in. */
export function createSessionsModule({
  clock,
  listen,
  users,
}: Platform & { users: UsersService }): Module<SessionsService> {
  const service = sessionsService({ clock, users, listen });
  const jobs: JobDefinition[] = [
    {
      // Dead sessions are kept a day for the audit trail of a logout, then removed.
      name: 'auth.purge-dead-sessions',
      cadence: 'day',
      catchUp: 1,
      run: async (tx, { now, log }) => {
        log.info({ removed: await service.purge(tx, now) }, 'purged dead sessions');
      },
    },
  ];
  return { service, jobs, close: service.close };
}
