import { dev } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { JobDefinition } from '../../jobs/scheduler.js';
import type { Outbox } from '../../providers/outbox.js';
import type { Module, Platform } from '../../platform.js';
import { deleteOutboxMessages, insertOutboxMessage, latestOutboxMessages } from './outbox.queries.js';

const DAY_MS = 24 * 60 * 60_000;
/** Outbox messages stay a week: long enough to look back at what a test or a person was "sent". */
const OUTBOX_KEPT_MS = 7 * DAY_MS;

/**
 * What the SMS and mail outbox adapters would have sent (ARCHITECTURE §7, §9), readable at GET /api/dev/outbox when
 * DEV_TOOLS is on.
 */
export function createOutboxModule({ db, clock, config }: Platform): Module<Outbox> {
  const service: Outbox = {
    record: (message) => insertOutboxMessage(db, { ...message, createdAt: clock.now() }),
  };
  const jobs: JobDefinition[] = [
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
  const routes = async (app: FastifyInstance) => {
    if (config.runtime.devTools) {
      route(app, dev.readOutbox, ({ query }) => latestOutboxMessages(db, query.to.trim().toLowerCase()));
    }
  };
  return { service, jobs, routes };
}
