import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { UserId } from '../db/ids.js';
import { queryRows } from '../db/sql.js';
import { idempotencyKeys } from './idempotency.tables.js';

/** One key of one user at one endpoint. */
export interface KeyId {
  userId: UserId;
  endpoint: string;
  key: string;
}

export interface Reservation extends KeyId {
  requestHash: string;
  now: Date;
  lockedUntil: Date;
  expiresAt: Date;
}

const byId = (id: KeyId) =>
  and(
    eq(idempotencyKeys.userId, id.userId),
    eq(idempotencyKeys.endpoint, id.endpoint),
    eq(idempotencyKeys.key, id.key),
  );

/**
 * Takes the key for this request, in one statement so that of several identical requests exactly one wins: a new key,
 * an expired one, or one whose holder died (its lock ran out) while running the same input. False otherwise.
 */
export async function reserveKey(db: Db, reservation: Reservation): Promise<boolean> {
  const { now, ...values } = reservation;
  const taken = await db
    .insert(idempotencyKeys)
    .values({ ...values, state: 'running', createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.endpoint, idempotencyKeys.key],
      set: {
        requestHash: sql`excluded.request_hash`,
        state: 'running',
        responseStatus: null,
        responseBody: null,
        lockedUntil: sql`excluded.locked_until`,
        createdAt: sql`excluded.created_at`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: or(
        lt(idempotencyKeys.expiresAt, now),
        and(
          eq(idempotencyKeys.state, 'running'),
          lt(idempotencyKeys.lockedUntil, now),
          eq(idempotencyKeys.requestHash, reservation.requestHash),
        ),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

export async function findKey(db: Db, id: KeyId) {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      state: idempotencyKeys.state,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(byId(id));
  return row ?? null;
}

/** Keeps the answer of the request that held the key, for its retries to replay. */
export async function completeKey(db: Db, id: KeyId, response: { status: number; body: string }) {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: response.status, responseBody: response.body })
    .where(and(byId(id), eq(idempotencyKeys.state, 'running')));
}

/** Lets the key go without an answer (a server error), so that the client's retry runs afresh. */
export async function releaseKey(db: Db, id: KeyId) {
  await db.delete(idempotencyKeys).where(and(byId(id), eq(idempotencyKeys.state, 'running')));
}

/** Removes the keys whose 24 hours (or more) are over; returns how many went. */
export async function purgeExpiredKeys(db: Db, now: Date): Promise<number> {
  const [row] = await queryRows<{ removed: number }>(
    db,
    sql`WITH removed AS (DELETE FROM idempotency_keys WHERE expires_at < ${now.toISOString()}::timestamptz RETURNING 1)
        SELECT count(*)::int AS removed FROM removed`,
  );
  return row?.removed ?? 0;
}
