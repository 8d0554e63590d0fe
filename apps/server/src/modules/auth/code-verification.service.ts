import { timingSafeEqual } from 'node:crypto';
import type { Db, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import { consumeCode, countFailedAttempt, lockLatestCode, type CodeTarget } from './codes.queries.js';
import { CODE_RULES, hashCode } from './codes.service.js';

export interface CodeCheck extends CodeTarget {
  code: string;
  /** The request field that carried the code, named in the refusal. */
  field: string;
  /**
   * Runs once the code row is locked and before it is judged: a request that waited for a parallel one to commit
   * then sees what that one did (an account it created is then a 409, not a used code).
   */
  precondition?: (tx: Tx) => Promise<void>;
}

const sameHash = (left: string, right: string) => timingSafeEqual(Buffer.from(left), Buffer.from(right));

async function judge(tx: Tx, check: CodeCheck, now: Date): Promise<AppError | null> {
  const row = await lockLatestCode(tx, check);
  await check.precondition?.(tx);
  const refuse = (messageKey: string, params?: Record<string, number>) =>
    new AppError('businessRule', { messageKey, field: check.field, ...(params ? { params } : {}) });
  if (!row) {
    return refuse('auth.codeExpired');
  }
  if (row.failedAttempts >= CODE_RULES.wrongTries) {
    return refuse('auth.codeExhausted');
  }
  if (row.consumedAt || row.expiresAt <= now) {
    return refuse('auth.codeExpired');
  }
  if (!sameHash(row.codeHash, hashCode(check.target, check.purpose, check.code))) {
    const attempts = CODE_RULES.wrongTries - (await countFailedAttempt(tx, row.id));
    return attempts > 0 ? refuse('auth.codeWrong', { attempts }) : refuse('auth.codeExhausted');
  }
  await consumeCode(tx, row.id, now);
  return null;
}

/**
 * Verifies and consumes a one-time code in the same transaction as the work it authorizes, so a failed piece of work
 * leaves the code usable. A wrong guess must count even though the work is refused: the refusal commits the count
 * and is thrown after the transaction.
 */
export async function withVerifiedCode<T>(
  { db, clock }: { db: Db; clock: Clock },
  check: CodeCheck,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const outcome = await inTransaction(db, async (tx): Promise<{ refusal: AppError } | { value: T }> => {
    const refusal = await judge(tx, check, clock.now());
    return refusal ? { refusal } : { value: await work(tx) };
  });
  if ('refusal' in outcome) {
    throw outcome.refusal;
  }
  return outcome.value;
}
