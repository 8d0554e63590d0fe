import type { AppContext } from '../../app-context.js';
import type { JobDefinition } from '../../jobs/scheduler.js';
import { deleteScenesExpiredBefore } from './wechat.queries.js';

const DAY_MS = 24 * 60 * 60_000;

/** Scenes live minutes; a day's grace keeps the recent ones for a support question, then they go. */
export function wechatJobs(_context: AppContext): JobDefinition[] {
  return [
    {
      name: 'wechat.purge-expired-scenes',
      cadence: 'day',
      catchUp: 1,
      run: async (tx, { now, log }) => {
        const removed = await deleteScenesExpiredBefore(tx, new Date(now.getTime() - DAY_MS));
        log.info({ removed }, 'purged expired WeChat scenes');
      },
    },
  ];
}
