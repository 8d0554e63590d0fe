import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { Config } from '../config.js';
import { clientErrorHandler } from './client-errors.js';
import { frameworkErrors } from './framework-errors.js';
import { parseQueryString } from './query-string.js';

const MAX_CHECKING_INTERVAL_MS = 5_000;

/**
 * The server's own limits and its answers before routing. Node checks the request and headers timeouts every
 * `connectionsCheckingInterval` (30 s by default), so a timeout could fire up to that much late: the check runs four
 * times per headers timeout instead, at most every five seconds. No idle-socket `connectionTimeout`: it would cut a
 * slow handler's connection without an answer.
 */
export function serverOptions(config: Config) {
  const checkingInterval = Math.min(MAX_CHECKING_INTERVAL_MS, Math.ceil(config.http.headersTimeoutMs / 4));
  return {
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: checkingInterval },
    clientErrorHandler,
    frameworkErrors,
    routerOptions: { querystringParser: parseQueryString },
  } satisfies FastifyHttpOptions<Server>;
}
