import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from './app-error.js';
import { badCharactersPlugin } from './bad-characters.js';
import { docsPlugin } from './docs.js';
import { errorHandlerPlugin } from './error-handler.js';
import { localePlugin } from './locale.js';
import { metricsPlugin } from './metrics.js';
import { securityHeadersPlugin } from './security-headers.js';
import { floodGuardWithSharedRouteLimits, type SharedCounter } from './shared-rate-limit.js';
import { signaturePlugin } from './signature.js';
import { unreadBodyPlugin } from './unread-body.js';

/**
 * The cross-cutting plugins every request passes before a module's route: language, errors, headers, limits, and the
 * refusal of forbidden characters. Answers before routing (protocol errors, timeouts) are server options
 * (server-options.ts). `count` is the database's shared counter, for the endpoints' own rate limits (decision 0042).
 */
export async function registerEdge(app: FastifyInstance, config: Config, count: SharedCounter): Promise<void> {
  await app.register(localePlugin);
  await app.register(errorHandlerPlugin, { bodyLimit: config.http.bodyLimit });
  await app.register(securityHeadersPlugin);
  await app.register(unreadBodyPlugin);
  // Without an origin to allow, @fastify/cors would still run a hook on every request that sets nothing.
  if (config.http.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.http.corsOrigins });
  }
  if (config.http.rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      max: config.http.rateLimitPerMinute,
      timeWindow: 60_000,
      store: floodGuardWithSharedRouteLimits(count),
      errorResponseBuilder: () => new AppError('rateLimited'),
    });
  }
  await app.register(metricsPlugin);
  await app.register(docsPlugin);
  await app.register(signaturePlugin, { enabled: config.security.snCheck });
  await app.register(badCharactersPlugin);
}
