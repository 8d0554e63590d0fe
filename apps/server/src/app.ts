import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { corsOrigins, type Config } from './config.js';
import type { Database } from './db/client.js';
import { AppError } from './http/app-error.js';
import { docsPlugin } from './http/docs.js';
import { errorHandlerPlugin } from './http/error-handler.js';
import { localePlugin } from './http/locale.js';
import { loggerOptions } from './http/logger.js';
import { metricsPlugin } from './http/metrics.js';
import { signaturePlugin } from './http/signature.js';
import { spaPlugin } from './http/spa.js';
import { AdjustableClock, systemClock, type Clock } from './jobs/clock.js';
import { housekeepingJobs } from './jobs/housekeeping.jobs.js';
import { Scheduler } from './jobs/scheduler.js';
import type { AppContext } from './app-context.js';
import { authJobs, authPlugin, authRoutes, sessionService } from './modules/auth/index.js';
import { devRoutes } from './modules/dev/index.js';
import { filesRoutes } from './modules/files/index.js';
import { noticesRoutes } from './modules/notices/index.js';
import { realNameRoutes } from './modules/real-name/index.js';
import { systemRoutes } from './modules/system/index.js';
import { usersRoutes } from './modules/users/index.js';
import { wechatJobs, wechatRoutes } from './modules/wechat/index.js';

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
  }
}

const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Builds the whole application without listening (fastify/demo's shape): tests inject, server.ts listens. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? (config.DEV_TOOLS ? new AdjustableClock() : systemClock);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.LOG_LEVEL),
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const db = database.db;
  const sessions = sessionService(clock);
  const context: AppContext = { config, db, clock, sessions, log: app.log };
  const scheduler = new Scheduler({
    db,
    clock,
    log: app.log,
    timeZone: config.TZ_BUSINESS,
    jobs: [...housekeepingJobs, ...authJobs(context), ...wechatJobs(context)],
  });
  app.decorate('scheduler', scheduler);
  app.decorate('clock', clock);
  app.addHook('onClose', async () => scheduler.stop());

  await app.register(localePlugin);
  await app.register(errorHandlerPlugin, { bodyLimit: config.BODY_LIMIT });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cors, { origin: corsOrigins(config).length > 0 ? corsOrigins(config) : false });
  if (config.RATE_LIMIT_PER_MINUTE > 0) {
    await app.register(rateLimit, {
      max: config.RATE_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      errorResponseBuilder: () => new AppError('rateLimited'),
    });
  }
  await app.register(metricsPlugin);
  await app.register(docsPlugin);
  await app.register(signaturePlugin, { enabled: config.SN_CHECK });
  await app.register(authPlugin, { db, sessions });

  await app.register(systemRoutes, { database, clock });
  // Each product module is one plugin over the shared context; it registers its development endpoints itself
  // when DEV_TOOLS is on.
  for (const module of [authRoutes, usersRoutes, wechatRoutes, realNameRoutes, noticesRoutes, filesRoutes]) {
    await app.register(module, context);
  }
  if (config.DEV_TOOLS && clock instanceof AdjustableClock) {
    await app.register(devRoutes, { clock, scheduler });
  }
  await app.register(spaPlugin, { webDist: config.WEB_DIST });
  return app;
}
