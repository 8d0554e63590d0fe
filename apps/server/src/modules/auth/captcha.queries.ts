import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { captchas } from './auth.tables.js';

export async function insertCaptcha(db: Db, values: { id: string; answerHash: string; expiresAt: Date }) {
  await db.insert(captchas).values(values);
}

/**
 * Marks the captcha used and answers what it needs to judge the answer: one statement, so of two requests racing
 * with the same uuid only one gets the row back. Any attempt, right or wrong, uses the captcha up.
 */
export async function useCaptcha(db: Db, id: string, now: Date) {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt)))
    .returning({ answerHash: captchas.answerHash, expiresAt: captchas.expiresAt });
  return row ?? null;
}

export async function deleteDeadCaptchas(db: Db, before: Date) {
  const deleted = await db
    .delete(captchas)
    .where(or(lt(captchas.expiresAt, before), lt(captchas.usedAt, before)))
    .returning({ id: captchas.id });
  return deleted.length;
}
