import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, TIMING } from '@suanli/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import type { Clock } from '../jobs/clock.js';
import { AppError } from './app-error.js';
import { canonicalHash } from './canonical-hash.js';
import { completeKey, findKey, releaseKey, reserveKey, type KeyId } from './idempotency.queries.js';

export interface IdempotencyOptions {
  db: Db;
  clock: Clock;
  /** How long a key and its answer are kept: at least 24 hours (issue 6). */
  keepMs?: number;
  /** How long a request may hold its key before a retry may presume it dead and run instead. */
  lockMs?: number;
  /** How long a retry waits for the first attempt to finish before answering 409 "in progress". */
  waitMs?: number;
}

type Settings = Required<IdempotencyOptions>;

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: Settings;
  }
  interface FastifyRequest {
    /** The key this request holds while its handler runs; its answer is recorded under it. */
    idempotencyKey: KeyId | null;
  }
}

const DAY_MS = 24 * 60 * 60_000;
const POLL_MS = 25;
type Replay = { status: number; body: string };

/**
 * Makes `Idempotency-Key` work on the endpoints that declare `idempotent: true` (route() adds the hooks below to
 * them). Register it before any route: `await app.register(idempotencyPlugin, { db, clock })`.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, options: IdempotencyOptions) => {
    app.decorate('idempotency', {
      keepMs: DAY_MS,
      lockMs: TIMING.requestTimeoutMs,
      waitMs: 2_000,
      ...options,
    });
    app.decorateRequest('idempotencyKey', null);
  },
  { name: 'idempotency' },
);

// Runs until this request holds the key or has an answer to replay; a different input or a first attempt that stays
// busy past `waitMs` is a 409.
async function settle(settings: Settings, id: KeyId, requestHash: string): Promise<Replay | null> {
  const deadline = Date.now() + settings.waitMs;
  for (;;) {
    const now = settings.clock.now();
    const lockedUntil = new Date(now.getTime() + settings.lockMs);
    const expiresAt = new Date(now.getTime() + settings.keepMs);
    if (await reserveKey(settings.db, { ...id, requestHash, now, lockedUntil, expiresAt })) {
      return null;
    }
    const record = await findKey(settings.db, id);
    if (record && record.requestHash !== requestHash) {
      throw new AppError('conflict', { messageKey: 'errors.idempotencyKeyReused' });
    }
    if (record?.state === 'done') {
      return { status: record.responseStatus ?? 200, body: record.responseBody ?? '' };
    }
    if (Date.now() >= deadline) {
      throw new AppError('conflict', { messageKey: 'errors.idempotencyInProgress' });
    }
    // A vanished record was released by a failed first attempt: try to take it at once.
    if (record) {
      await sleep(POLL_MS);
    }
  }
}

async function preHandler(request: FastifyRequest, reply: FastifyReply, endpoint: string) {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  // Without a key the call runs as any other; without a user the handler answers 401.
  if (typeof key !== 'string' || request.userId === null) {
    return;
  }
  const id = { userId: request.userId, endpoint, key };
  const { query, body, params } = request;
  const replay = await settle(request.server.idempotency, id, canonicalHash({ query, body, params }));
  if (!replay) {
    request.idempotencyKey = id;
    return;
  }
  return reply
    .code(replay.status)
    .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(replay.body);
}

// The answer is recorded before it leaves, so a client that retries after receiving it always finds it.
async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const id = request.idempotencyKey;
  if (!id) {
    return payload;
  }
  request.idempotencyKey = null;
  const { db } = request.server.idempotency;
  try {
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await releaseKey(db, id);
    } else {
      await completeKey(db, id, { status: reply.statusCode, body: payload });
    }
  } catch (error) {
    request.log.error({ err: error }, 'idempotent answer not recorded; its key stays locked until the lock runs out');
  }
  return payload;
}

/** The route-level hooks of an idempotent endpoint; route() adds them when the contract declares `idempotent`. */
export function idempotencyHooks(app: FastifyInstance, endpoint: { id: string; auth: string }) {
  if (endpoint.auth !== 'user') {
    throw new Error(`${endpoint.id}: Idempotency-Key is scoped by user, so an idempotent endpoint needs auth 'user'`);
  }
  if (!app.hasDecorator('idempotency')) {
    throw new Error(`${endpoint.id} is idempotent: register idempotencyPlugin before its routes`);
  }
  return {
    preHandler: (request: FastifyRequest, reply: FastifyReply) => preHandler(request, reply, endpoint.id),
    onSend,
  };
}
