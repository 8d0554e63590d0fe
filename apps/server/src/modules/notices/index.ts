import type { JobDefinition } from '../../jobs/scheduler.js';
import type { Module, Platform } from '../../platform.js';
import { noticeCountMemory } from './notice-count.js';
import { noticesAdminService } from './notices.admin.service.js';
import { noticeConsumers } from './notices.consumers.js';
import { foldInformCounts } from './notices.queries.js';
import { noticesRoutes } from './notices.routes.js';
import { noticesService, type NoticesService } from './notices.service.js';

export {
  NOTICE_KINDS,
  type Notice,
  type NoticeKind,
  type NoticeParams,
  type NoticesService,
} from './notices.service.js';

/**
 * Notices to users and platform notices. Other modules' facts become notices through the events the notices consumer
 * handles (notices.consumers.ts); registration still notifies in its own transaction through `service.notifyUser`.
 * Support operators write the platform notices (notices.admin.service.ts).
 */
export function createNoticesModule({ db, clock, listen }: Platform): Module<NoticesService> {
  const count = noticeCountMemory({ db, listen });
  const service = noticesService({ db, clock, count });
  const jobs: JobDefinition[] = [
    {
      // Keeps the changes a reader adds to each user's counts few (migration 0007).
      name: 'notices.fold-inform-counts',
      cadence: 'minute',
      catchUp: 1,
      run: async (tx, { log }) => {
        log.debug({ users: await foldInformCounts(tx) }, 'folded notice counts');
      },
    },
  ];
  const admin = noticesAdminService({ db, clock });
  return { service, routes: noticesRoutes(service, admin), jobs, consumers: noticeConsumers, close: count.close };
}
