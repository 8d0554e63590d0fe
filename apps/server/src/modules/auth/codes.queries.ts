import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { verificationCodes } from './auth.tables.js';

export interface CodeTarget {
  /** A phone, or an e-mail in lower case. */
  target: string;
  purpose: string;
}

/**
 * Serializes code requests for one target and purpose until the transaction ends, so two requests a millisecond
 * apart cannot both pass the 60-second resend check. A transaction-level advisory lock: nothing to clean up.
 */
export async function lockTarget(tx: Db, { target, purpose }: CodeTarget) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`code:${purpose}:${target}`}, 0))`);
}

export async function latestCodeSentAt(tx: Db, { target, purpose }: CodeTarget): Promise<Date | null> {
  const [row] = await tx
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** A new code supersedes the older ones still open for the same target and purpose. */
export async function supersedeCodes(tx: Db, { target, purpose }: CodeTarget, now: Date) {
  await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.target, target),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

export async function insertCode(
  tx: Db,
  values: CodeTarget & { channel: 'sms' | 'email'; codeHash: string; ip: string; createdAt: Date; expiresAt: Date },
) {
  const [row] = await tx.insert(verificationCodes).values(values).returning({ id: verificationCodes.id });
  return row!.id;
}

/**
 * The newest code for the target and purpose, locked until the transaction ends (SELECT … FOR UPDATE): parallel
 * guesses take turns and each sees the attempts counted before it.
 */
export async function lockLatestCode(tx: Db, { target, purpose }: CodeTarget) {
  const [row] = await tx
    .select({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      expiresAt: verificationCodes.expiresAt,
      failedAttempts: verificationCodes.failedAttempts,
      consumedAt: verificationCodes.consumedAt,
    })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function countFailedAttempt(tx: Db, id: bigint): Promise<number> {
  const [row] = await tx
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
    .where(eq(verificationCodes.id, id))
    .returning({ failedAttempts: verificationCodes.failedAttempts });
  return row!.failedAttempts;
}

export async function consumeCode(db: Db, id: bigint, now: Date) {
  await db.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, id));
}

export async function deleteDeadCodes(db: Db, before: Date) {
  const deleted = await db
    .delete(verificationCodes)
    .where(lt(verificationCodes.expiresAt, before))
    .returning({ id: verificationCodes.id });
  return deleted.length;
}
