import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Listen } from './db/notifications.js';
import type { EventConsumer } from './events/index.js';
import type { Clock } from './jobs/clock.js';
import type { ScheduledJob } from './jobs/scheduler.js';

/** What every module constructor receives from the composition root (app.ts), beside its own dependencies. */
export interface Platform {
  config: Config;
  db: Db;
  /** Notification channels of the database (db/notifications.ts), for what a module keeps in memory. */
  listen: Listen;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * What a module constructor returns (docs/decisions/0006): its service, the one door other modules use; its routes,
 * which app.ts registers once; and its scheduled jobs, which app.ts hands to the one scheduler.
 */
export interface Module<Service> {
  service: Service;
  routes?: (app: FastifyInstance) => Promise<void>;
  /**
   * A plugin for requests that are no concern of the console nor the API (the application proxy's own origins): app.ts
   * registers it before everything else, so that its hooks run before those of every other plugin and route.
   */
  front?: (app: FastifyInstance) => Promise<void>;
  jobs?: ScheduledJob[];
  /** Its reactions to other modules' facts (events/README.md), which app.ts hands to the scheduler's consumer runner. */
  consumers?: EventConsumer[];
  /**
   * Brings the database in line with the module's configuration (the GPU fleet) before the app serves; app.ts awaits
   * it on every start, after migrations, so it must be idempotent and safe beside another instance starting.
   */
  start?: () => Promise<void>;
  /** Adds its gauges to the app's registry; they read the database when /metrics is scraped (http/metrics.ts). */
  metrics?: (registry: Registry) => void;
  /** Ends what the module holds open (a notification subscription); app.ts calls it when the app closes. */
  close?: () => Promise<void>;
}
