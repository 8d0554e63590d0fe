import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { realNameAttempts, realNameRecords } from './real-name.tables.js';

/** The attempt times since `since`, oldest first. */
export async function listAttemptTimesSince(db: Db, userId: UserId, since: Date) {
  const rows = await db
    .select({ at: realNameAttempts.attemptedAt })
    .from(realNameAttempts)
    .where(and(eq(realNameAttempts.userId, userId), gt(realNameAttempts.attemptedAt, since)))
    .orderBy(asc(realNameAttempts.attemptedAt));
  return rows.map((row) => row.at);
}

export async function insertAttempt(tx: Tx, userId: UserId, at: Date): Promise<bigint> {
  const [row] = await tx
    .insert(realNameAttempts)
    .values({ userId, attemptedAt: at, succeeded: false })
    .returning({ id: realNameAttempts.id });
  return row!.id;
}

export async function markAttemptSucceeded(tx: Tx, attemptId: bigint, userId: UserId) {
  await tx
    .update(realNameAttempts)
    .set({ succeeded: true })
    .where(and(eq(realNameAttempts.id, attemptId), eq(realNameAttempts.userId, userId)));
}

export async function deleteAttempt(db: Db, attemptId: bigint, userId: UserId) {
  await db.delete(realNameAttempts).where(and(eq(realNameAttempts.id, attemptId), eq(realNameAttempts.userId, userId)));
}

export async function findRecordOwnerByHash(db: Db, idNumberHash: string): Promise<UserId | null> {
  const [row] = await db
    .select({ userId: realNameRecords.userId })
    .from(realNameRecords)
    .where(eq(realNameRecords.idNumberHash, idNumberHash));
  return row?.userId ?? null;
}

export async function insertRecord(tx: Tx, values: typeof realNameRecords.$inferInsert) {
  await tx.insert(realNameRecords).values(values);
}

export async function findRecord(db: Db, userId: UserId) {
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
