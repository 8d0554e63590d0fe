import { and, eq, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { applicationLoginTokens as tokens } from './app-access.tables.js';
import { applicationsTable as apps } from './applications.tables.js';

export type NewLoginToken = typeof tokens.$inferInsert;

export async function insertLoginToken(db: Db, token: NewLoginToken) {
  await db.insert(tokens).values(token);
}

/**
 * Takes a login token out, whatever it then proves: one statement, so of two requests racing with the same token
 * (two tabs, two instances) only one gets the row back.
 */
export async function takeLoginToken(db: Db, tokenHash: string) {
  const [row] = await db.delete(tokens).where(eq(tokens.tokenHash, tokenHash)).returning();
  return row ?? null;
}

export async function deleteExpiredLoginTokens(db: Db, before: Date) {
  const deleted = await db
    .delete(tokens)
    .where(lt(tokens.expiresAt, before))
    .returning({ tokenHash: tokens.tokenHash });
  return deleted.length;
}

/** One of the user's applications that is not destroyed, with what its links depend on; null otherwise. */
export async function findOwnLiveApplication(db: Db, userId: UserId, applicationId: bigint) {
  const [row] = await db
    .select({ id: apps.id, imageId: apps.imageId, status: apps.status })
    .from(apps)
    .where(and(eq(apps.id, applicationId), eq(apps.userId, userId), ne(apps.status, 'destroyed')));
  return row ?? null;
}
