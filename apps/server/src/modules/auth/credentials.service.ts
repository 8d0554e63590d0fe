import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import { findUserByAccount } from '../users/index.js';
import { normalizeAccount } from './sign-in.js';
import { readPasswordHash, setPasswordHash, setPhone } from './accounts.queries.js';
import { withVerifiedCode } from './code-verification.service.js';
import { violatedUniqueConstraint } from '../../db/errors.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { countHit, fixedWindow, resetCounter } from './rate-counters.js';

/** Wrong current passwords per user within 15 minutes: a stolen session must not become a password oracle. */
const OLD_PASSWORD_RULE = { limit: 10, windowMs: 15 * 60_000 } as const;

const phoneTaken = (cause?: unknown) => new AppError('conflict', { messageKey: 'auth.phoneTaken', cause });

export function credentialsService(context: AppContext) {
  const { db, clock, sessions } = context;

  async function ensurePhoneFree(executor: Db, phone: string) {
    if (await findUserByAccount(executor, phone)) {
      throw phoneTaken();
    }
  }

  async function checkOldPassword(userId: bigint, passwordHash: string, oldPassword: string | null | undefined) {
    const now = clock.now();
    const attempts = fixedWindow(`old-password:${userId}`, now, OLD_PASSWORD_RULE.windowMs);
    if ((await countHit(db, attempts)) > OLD_PASSWORD_RULE.limit) {
      const minutes = Math.ceil((attempts.end.getTime() - now.getTime()) / 60_000);
      throw new AppError('businessRule', { messageKey: 'auth.tooManyFailures', params: { minutes } });
    }
    if (!oldPassword || !(await verifyPassword(passwordHash, oldPassword))) {
      throw new AppError('businessRule', { messageKey: 'auth.oldPasswordWrong', field: 'oldPassword' });
    }
    await resetCounter(db, attempts);
  }

  return {
    /** A new password with a 'reset' code; every session of the account ends, whoever held it. */
    async forgetPassword(input: { username: string; code: string; password: string }): Promise<void> {
      const account = normalizeAccount(input.username);
      const user = await findUserByAccount(db, account);
      if (!user) {
        throw new AppError('businessRule', { messageKey: 'auth.notRegistered', field: 'username' });
      }
      const passwordHash = await hashPassword(input.password);
      const check = { target: account, purpose: 'reset', code: input.code, field: 'verificationCode' };
      await withVerifiedCode(db, clock, check, async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash);
        await sessions.revokeAll(tx, user.id);
      });
    },

    async hasPassword(userId: bigint): Promise<0 | 1> {
      return (await readPasswordHash(db, userId)) ? 1 : 0;
    },

    /** Sets or changes the password; the session that changed it stays, every other one ends. */
    async updatePassword(
      user: { userId: bigint; sessionId: bigint },
      input: { oldPassword?: string | null | undefined; password: string },
    ): Promise<void> {
      const current = await readPasswordHash(db, user.userId);
      if (current) {
        await checkOldPassword(user.userId, current, input.oldPassword);
      }
      const passwordHash = await hashPassword(input.password);
      await inTransaction(db, async (tx) => {
        await setPasswordHash(tx, user.userId, passwordHash);
        await sessions.revokeAll(tx, user.userId, { except: user.sessionId });
      });
    },

    /** The new phone proves itself with a 'phone' code sent to it; it must not belong to any account yet. */
    async updatePhone(userId: bigint, input: { phone: string; code: string }): Promise<void> {
      await ensurePhoneFree(db, input.phone);
      const check = {
        target: input.phone,
        purpose: 'phone',
        code: input.code,
        field: 'verificationCode',
        precondition: (tx: Db) => ensurePhoneFree(tx, input.phone),
      };
      try {
        await withVerifiedCode(db, clock, check, (tx) => setPhone(tx, userId, input.phone));
      } catch (error) {
        throw violatedUniqueConstraint(error) === null ? error : phoneTaken(error);
      }
    },
  };
}
