import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { apiCredentials } from './api-open.tables.js';

export type CredentialRow = typeof apiCredentials.$inferSelect;

const live = (userId: UserId) => and(eq(apiCredentials.userId, userId), isNull(apiCredentials.revokedAt));

export async function insertCredential(
  db: Db,
  values: { userId: UserId; name: string; keyHash: string; prefix: string; createdAt: Date; expiresAt: Date | null },
): Promise<CredentialRow> {
  const [row] = await db.insert(apiCredentials).values(values).returning();
  return row!;
}

export function countLiveCredentials(db: Db, userId: UserId) {
  return db.$count(apiCredentials, live(userId));
}

export function liveCredentials(db: Db, userId: UserId) {
  return db.select().from(apiCredentials).where(live(userId)).orderBy(desc(apiCredentials.id));
}

/** Puts a new key in place of the old one, which stops matching at once; null when it is not the user's live key. */
export async function replaceKey(
  db: Db,
  userId: UserId,
  { id, keyHash, prefix, at }: { id: bigint; keyHash: string; prefix: string; at: Date },
): Promise<CredentialRow | null> {
  const [row] = await db
    .update(apiCredentials)
    .set({ keyHash, prefix, rotatedAt: at })
    .where(and(eq(apiCredentials.id, id), live(userId)))
    .returning();
  return row ?? null;
}

export async function revokeCredential(db: Db, userId: UserId, { id, at }: { id: bigint; at: Date }) {
  const rows = await db
    .update(apiCredentials)
    .set({ revokedAt: at })
    .where(and(eq(apiCredentials.id, id), live(userId)))
    .returning({ id: apiCredentials.id });
  return rows.length > 0;
}

/** The live key with this hash, whoever owns it: how the gateway tells who calls. */
export async function findKey(db: Db, keyHash: string) {
  const [row] = await db
    .select({
      credentialId: apiCredentials.id,
      userId: apiCredentials.userId,
      expiresAt: apiCredentials.expiresAt,
      lastUsedAt: apiCredentials.lastUsedAt,
    })
    .from(apiCredentials)
    .where(and(eq(apiCredentials.keyHash, keyHash), isNull(apiCredentials.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** Records a use, at most once per `since`: parallel calls of one key do not queue on its row. */
export async function touchKey(db: Db, { id, at, since }: { id: bigint; at: Date; since: Date }) {
  await db
    .update(apiCredentials)
    .set({ lastUsedAt: at })
    .where(and(eq(apiCredentials.id, id), or(isNull(apiCredentials.lastUsedAt), lt(apiCredentials.lastUsedAt, since))));
}
