import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Clock } from './jobs/clock.js';
import type { SessionService } from './modules/auth/auth.service.js';

/**
 * What every module plugin and service factory receives from app.ts: configuration, the database, the clock and the
 * session service. Modules build their own providers from `config` (providers/<concern>/index.ts).
 */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: SessionService;
  log: FastifyBaseLogger;
}
