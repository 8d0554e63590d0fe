import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { SessionId, UserId } from '../../db/ids.js';
import { preparedQuery } from '../../db/prepared.js';
import { sessions } from './sessions.tables.js';

export async function insertSession(
  db: Db,
  values: { userId: UserId; tokenHash: string; now: Date; expiresAt: Date; absoluteExpiresAt: Date },
) {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      createdAt: values.now,
      lastSeenAt: values.now,
      expiresAt: values.expiresAt,
      absoluteExpiresAt: values.absoluteExpiresAt,
    })
    .returning({ id: sessions.id });
  return row!.id;
}

const liveSession = preparedQuery((db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${sql.placeholder('now')}`,
        sql`${sessions.absoluteExpiresAt} > ${sql.placeholder('now')}`,
      ),
    )
    .prepare('find_live_session'),
);

export type KnownSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/** A live session: not revoked, within both its sliding and its absolute life. One query on every signed-in call. */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await liveSession(db).execute({ tokenHash, now });
  return row ?? null;
}

/** Slides the session's expiry forward, never past its absolute end. */
export async function touchSession(db: Db, touch: { id: SessionId; now: Date; expiresAt: Date }) {
  const { id, now, expiresAt } = touch;
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: sql`least(${expiresAt}, ${sessions.absoluteExpiresAt})` })
    .where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, session: { id: SessionId; userId: UserId; now: Date }) {
  const { id, userId, now } = session;
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Ends every live session of the user, or every one but `except` (the session that asked). */
export async function revokeUserSessions(db: Db, scope: { userId: UserId; now: Date; except?: SessionId }) {
  const { userId, now, except } = scope;
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(except === undefined ? [] : [ne(sessions.id, except)]),
      ),
    );
}

export async function deleteDeadSessions(db: Db, before: Date) {
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.absoluteExpiresAt, before), lt(sessions.revokedAt, before)))
    .returning({ id: sessions.id });
  return deleted.length;
}
