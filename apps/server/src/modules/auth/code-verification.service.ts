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

/** The refusal of a code, or the id of its row, locked, to consume once every code of the request passed. */
async function judge(tx: Tx, check: CodeCheck, now: Date): Promise<AppError | bigint> {
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
  return row.id;
}

/**
 * Verifies one-time codes, in order, and consumes them in the same transaction as the work they authorize, so a failed
 * piece of work leaves them usable. A wrong guess must count even though the work is refused: the refusal commits the
 * count and is thrown after the transaction. Codes are consumed only once all passed, so that a right code is not
 * spent by a wrong one beside it.
 */
export async function withVerifiedCodes<T>(
  { db, clock }: { db: Db; clock: Clock },
  checks: CodeCheck[],
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const outcome = await inTransaction(db, async (tx): Promise<{ refusal: AppError } | { value: T }> => {
    const now = clock.now();
    const rows: bigint[] = [];
    for (const check of checks) {
      const verdict = await judge(tx, check, now);
      if (verdict instanceof AppError) {
        return { refusal: verdict };
      }
      rows.push(verdict);
    }
    for (const row of rows) {
      await consumeCode(tx, row, now);
    }
    return { value: await work(tx) };
  });
  if ('refusal' in outcome) {
    throw outcome.refusal;
  }
  return outcome.value;
}

/** One code: withVerifiedCodes for the common case. */
export const withVerifiedCode = <T>(
  deps: { db: Db; clock: Clock },
  check: CodeCheck,
  work: (tx: Tx) => Promise<T>,
): Promise<T> => withVerifiedCodes(deps, [check], work);
