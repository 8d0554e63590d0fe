import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { authenticatePlugin } from './http/authenticate.js';
import { compressionPlugin } from './http/compression.js';
import { registerEdge } from './http/edge.js';
import { idempotencyPlugin } from './http/idempotency.js';
import { idempotencyPurgeJob } from './http/idempotency.jobs.js';
import { loggerOptions } from './http/logger.js';
import { operatorAuditPlugin } from './http/operator-audit.js';
import { lazyChildLogger } from './http/request-logger.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { serverOptions } from './http/server-options.js';
import { spaPlugin } from './http/spa.js';
import { staticFilesPlugin } from './http/static-files.js';
import { contractValidatorCompiler } from './http/validator-compiler.js';
import { ConsumerRunner } from './events/consumer-runner.js';
import { AdjustableClock, systemClock, type Clock } from './jobs/clock.js';
import { housekeepingJobs } from './jobs/housekeeping.jobs.js';
import { processedKeysPurgeJob } from './jobs/processed-keys.jobs.js';
import { Scheduler } from './jobs/scheduler.js';
import { composeModules, type Services } from './compose-modules.js';
import { devRoutes } from './modules/dev/index.js';
import { systemRoutes } from './modules/system/index.js';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
    clock: Clock;
    /** The modules' services, for the development seed and for tests that arrange data the way the product does. */
    services: Services;
  }
}

const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Builds the whole application without listening (fastify/demo's shape): tests inject, server.ts listens. This is
 * the one composition root: modules, providers and the scheduler are built here once.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? (config.runtime.devTools ? new AdjustableClock() : systemClock);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.runtime.logLevel),
    bodyLimit: config.http.bodyLimit,
    trustProxy: config.http.trustProxy,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    ...serverOptions(config),
  });
  app.setChildLoggerFactory(lazyChildLogger);
  app.setValidatorCompiler(contractValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const db = database.db;
  const { modules, services } = composeModules({ config, db, listen: database.listen, clock, log: app.log });
  for (const module of modules) {
    await module.start?.();
  }
  const scheduler = new Scheduler({
    db,
    clock,
    log: app.log,
    timeZone: config.runtime.businessTimeZone,
    jobs: [
      ...housekeepingJobs,
      idempotencyPurgeJob,
      processedKeysPurgeJob,
      ...modules.flatMap((module) => module.jobs ?? []),
    ],
    consumers: new ConsumerRunner({
      db,
      clock,
      log: app.log,
      listen: database.listen,
      consumers: modules.flatMap((module) => module.consumers ?? []),
    }),
  });
  app.decorate('scheduler', scheduler);
  app.decorate('clock', clock);
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await Promise.all(modules.map((module) => module.close?.()));
  });

  for (const module of modules) {
    if (module.front) {
      await app.register(module.front);
    }
  }
  // The console's files first, so that neither the API rate limiter nor per-request compression applies to them
  // (static-files.ts); then compression, which adds itself to every route registered after it.
  await app.register(staticFilesPlugin, { webDist: config.http.webDist });
  await app.register(compressionPlugin);
  await registerEdge(app, config, services.auth.countInWindow);
  for (const module of modules) {
    module.metrics?.(app.metrics);
  }
  // Before any module's routes: route() refuses an idempotent or an operator's endpoint when its plugin is missing.
  await app.register(idempotencyPlugin, { db, clock });
  await app.register(authenticatePlugin, {
    resolve: (token) => services.sessions.resolve(db, token),
    holdsArea: (userId, area) => services.operators.holds(userId, area),
  });
  await app.register(operatorAuditPlugin, { record: services.operators.record });

  await app.register(systemRoutes({ database, clock }));
  for (const module of modules) {
    if (module.routes) {
      await app.register(module.routes);
    }
  }
  if (config.runtime.devTools && clock instanceof AdjustableClock) {
    await app.register(devRoutes({ clock, scheduler }));
  }
  await app.register(spaPlugin, { webDist: config.http.webDist });
  return app;
}
