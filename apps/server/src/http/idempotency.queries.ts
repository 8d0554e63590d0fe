import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import type { UserId } from '../db/ids.js';
import { queryRows } from '../db/sql.js';
import { idempotencyKeys } from './idempotency.tables.js';

/** One key of one user at one endpoint. */
export interface KeyId {
  userId: UserId;
  endpoint: string;
  key: string;
}

/** A key as one request holds it: `attempt` is that request's own mark, new on each reservation. */
export interface HeldKey extends KeyId {
  attempt: string;
}

export interface Reservation extends HeldKey {
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

const heldBy = (held: HeldKey) => and(byId(held), eq(idempotencyKeys.attempt, held.attempt));

/**
 * Takes the key for this request, in one statement so that of several identical requests exactly one wins: a new key,
 * an expired one, or one whose holder died (its lock ran out) while running the same input before anything of it
 * committed. A committed key is never taken over: its work is done. False otherwise.
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
        attempt: sql`excluded.attempt`,
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
      lockedUntil: idempotencyKeys.lockedUntil,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(byId(id));
  return row ?? null;
}

/**
 * Marks the key committed in the transaction of the work it protects (a commit guard): true while this request still
 * holds it, false when a retry took it over, and then this transaction must not commit.
 */
export async function commitKey(tx: Tx, held: HeldKey): Promise<boolean> {
  const marked = await tx
    .update(idempotencyKeys)
    .set({ state: 'committed' })
    .where(and(heldBy(held), inArray(idempotencyKeys.state, ['running', 'committed'])))
    .returning({ key: idempotencyKeys.key });
  return marked.length > 0;
}

/** Keeps the answer of the request that held the key, for its retries to replay. */
export async function completeKey(db: Db, held: HeldKey, response: { status: number; body: string }) {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: response.status, responseBody: response.body })
    .where(and(heldBy(held), inArray(idempotencyKeys.state, ['running', 'committed'])));
}

/**
 * A server error, no answer to keep. Nothing committed: the key goes, so that the client's retry runs afresh. The work
 * committed: the key stays committed, and stops waiting for this request, so that a retry learns at once that it ran.
 */
export async function abandonKey(db: Db, held: HeldKey, now: Date) {
  await db.delete(idempotencyKeys).where(and(heldBy(held), eq(idempotencyKeys.state, 'running')));
  await db
    .update(idempotencyKeys)
    .set({ lockedUntil: now })
    .where(and(heldBy(held), eq(idempotencyKeys.state, 'committed')));
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
