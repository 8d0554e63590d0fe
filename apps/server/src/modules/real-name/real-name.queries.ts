import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { realNameAttempts, realNameRecords, users } from '../../db/schema.js';

/**
 * Locks the user's row until the transaction ends (SELECT … FOR UPDATE): the one place attempts are counted and
 * reserved, so parallel requests of one user take turns.
 */
export async function lockUserVerification(tx: Db, userId: bigint) {
  const [row] = await tx
    .select({ verifiedAt: users.realNameVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function findUserVerifiedAt(db: Db, userId: bigint): Promise<Date | null> {
  const [row] = await db.select({ verifiedAt: users.realNameVerifiedAt }).from(users).where(eq(users.id, userId));
  return row?.verifiedAt ?? null;
}

export async function setUserVerified(tx: Db, userId: bigint, at: Date) {
  await tx.update(users).set({ realNameVerifiedAt: at }).where(eq(users.id, userId));
}

/** The attempt times since `since`, oldest first. */
export async function listAttemptTimesSince(db: Db, userId: bigint, since: Date) {
  const rows = await db
    .select({ at: realNameAttempts.attemptedAt })
    .from(realNameAttempts)
    .where(and(eq(realNameAttempts.userId, userId), gt(realNameAttempts.attemptedAt, since)))
    .orderBy(asc(realNameAttempts.attemptedAt));
  return rows.map((row) => row.at);
}

export async function insertAttempt(tx: Db, userId: bigint, at: Date): Promise<bigint> {
  const [row] = await tx
    .insert(realNameAttempts)
    .values({ userId, attemptedAt: at, succeeded: false })
    .returning({ id: realNameAttempts.id });
  return row!.id;
}

export async function markAttemptSucceeded(tx: Db, attemptId: bigint, userId: bigint) {
  await tx
    .update(realNameAttempts)
    .set({ succeeded: true })
    .where(and(eq(realNameAttempts.id, attemptId), eq(realNameAttempts.userId, userId)));
}

export async function deleteAttempt(db: Db, attemptId: bigint, userId: bigint) {
  await db.delete(realNameAttempts).where(and(eq(realNameAttempts.id, attemptId), eq(realNameAttempts.userId, userId)));
}

export async function findRecordOwnerByHash(db: Db, idNumberHash: string): Promise<bigint | null> {
  const [row] = await db
    .select({ userId: realNameRecords.userId })
    .from(realNameRecords)
    .where(eq(realNameRecords.idNumberHash, idNumberHash));
  return row?.userId ?? null;
}

export async function insertRecord(tx: Db, values: typeof realNameRecords.$inferInsert) {
  await tx.insert(realNameRecords).values(values);
}

export async function findRecord(db: Db, userId: bigint) {
  const [row] = await db
    .select({
      realNameEncrypted: realNameRecords.realNameEncrypted,
      idNumberEncrypted: realNameRecords.idNumberEncrypted,
      provider: realNameRecords.provider,
      verifiedAt: realNameRecords.verifiedAt,
    })
    .from(realNameRecords)
    .where(eq(realNameRecords.userId, userId));
  return row ?? null;
}
