import type { AppContext } from '../../app-context.js';
import type { JobDefinition } from '../../jobs/scheduler.js';
import { deleteDeadCaptchas } from './captcha.queries.js';
import { deleteDeadCodes } from './codes.queries.js';
import { deleteOutboxMessages } from './outbox.queries.js';
import { purgeCounters } from './rate-counters.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Outbox messages stay a week: long enough to look back at what a test or a person was "sent". */
const OUTBOX_KEPT_MS = 7 * DAY_MS;
// The longest counter window is a business day; two days back nothing can count any more.
const COUNTERS_KEPT_MS = 2 * DAY_MS;

export function authJobs({ sessions }: Pick<AppContext, 'sessions'>): JobDefinition[] {
  return [
    {
      // Dead sessions are kept a day for the audit trail of a logout, then removed.
      name: 'auth.purge-dead-sessions',
      cadence: 'day',
      catchUp: 1,
      run: async (tx, { now, log }) => {
        log.info({ removed: await sessions.purge(tx, now) }, 'purged dead sessions');
      },
    },
    {
      // Expired captchas and codes can no longer be used, and the 60-second resend check reads only live codes.
      name: 'auth.purge-expired-codes',
      cadence: 'hour',
      catchUp: 1,
      run: async (tx, { now, log }) => {
        const captchas = await deleteDeadCaptchas(tx, now);
        const codes = await deleteDeadCodes(tx, now);
        const counters = await purgeCounters(tx, new Date(now.getTime() - COUNTERS_KEPT_MS));
        log.info({ captchas, codes, counters }, 'purged expired captchas, codes and counters');
      },
    },
    {
      name: 'auth.purge-old-outbox',
      cadence: 'day',
      catchUp: 1,
      run: async (tx, { now, log }) => {
        const removed = await deleteOutboxMessages(tx, new Date(now.getTime() - OUTBOX_KEPT_MS));
        log.info({ removed }, 'purged outbox messages older than 7 days');
      },
    },
  ];
}
