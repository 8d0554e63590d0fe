import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, TIMING } from '@suanli/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '../db/client.js';
import { guardingCommits } from '../db/commit-guard.js';
import type { Clock } from '../jobs/clock.js';
import { AppError } from './app-error.js';
import { canonicalHash } from './canonical-hash.js';
import { abandonKey, commitKey, completeKey, findKey, reserveKey, type HeldKey } from './idempotency.queries.js';

export interface IdempotencyOptions {
  db: Db;
  clock: Clock;
  /** How long a key and its answer are kept: at least 24 hours (issue 6). */
  keepMs?: number;
  /**
   * How long a request may hold its key before a retry may presume it dead and run instead, if nothing of it has
   * committed; once its work has committed, how long a retry waits for its answer before being told it ran.
   */
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
    idempotencyKey: HeldKey | null;
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

// Runs until this request holds the key or has an answer to replay; a different input, a first attempt that stays
// busy past `waitMs`, or one whose work committed without an answer kept is a 409.
async function settle(settings: Settings, held: HeldKey, requestHash: string): Promise<Replay | null> {
  const deadline = Date.now() + settings.waitMs;
  for (;;) {
    const now = settings.clock.now();
    const lockedUntil = new Date(now.getTime() + settings.lockMs);
    const expiresAt = new Date(now.getTime() + settings.keepMs);
    if (await reserveKey(settings.db, { ...held, requestHash, now, lockedUntil, expiresAt })) {
      return null;
    }
    const record = await findKey(settings.db, held);
    if (record && record.requestHash !== requestHash) {
      throw new AppError('conflict', { messageKey: 'errors.idempotencyKeyReused' });
    }
    if (record?.state === 'done') {
      return { status: record.responseStatus ?? 200, body: record.responseBody ?? '' };
    }
    // The work ran, and its request died or failed before its answer was kept: running it again would do it twice.
    if (record?.state === 'committed' && record.lockedUntil <= now) {
      throw new AppError('conflict', { messageKey: 'errors.idempotencyAnswerLost' });
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
  const held = { userId: request.userId, endpoint, key, attempt: randomUUID() };
  const { query, body, params } = request;
  const replay = await settle(request.server.idempotency, held, canonicalHash({ query, body, params }));
  if (!replay) {
    request.idempotencyKey = held;
    return;
  }
  return reply
    .code(replay.status)
    .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(replay.body);
}

/**
 * Runs an idempotent endpoint's handler: each transaction it commits marks the request's key committed in the same
 * transaction, or fails when a retry has taken the key over, so the work behind a key commits at most once. route()
 * calls it; without a key the handler simply runs.
 */
export async function runHoldingKey<T>(request: FastifyRequest, handler: () => Promise<T>): Promise<T> {
  const held = request.idempotencyKey;
  if (!held) {
    return handler();
  }
  const guard = async (tx: Tx) => {
    if (!(await commitKey(tx, held))) {
      throw new AppError('conflict', { messageKey: 'errors.idempotencyInProgress' });
    }
  };
  try {
    return await guardingCommits(guard, handler);
  } finally {
    // From here to onSend the work may have committed with its answer not kept yet: the moment a crash would cost the
    // answer (test/fixtures/answerless-server.ts dies on this line).
    request.log.debug({ endpoint: held.endpoint }, 'idempotent handler returned; keeping its answer');
  }
}

// The answer is recorded before it leaves, so a client that retries after receiving it always finds it.
async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const held = request.idempotencyKey;
  if (!held) {
    return payload;
  }
  request.idempotencyKey = null;
  const { db, clock } = request.server.idempotency;
  try {
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await abandonKey(db, held, clock.now());
    } else {
      await completeKey(db, held, { status: reply.statusCode, body: payload });
    }
  } catch (error) {
    request.log.error({ err: error }, 'idempotent answer not recorded');
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
