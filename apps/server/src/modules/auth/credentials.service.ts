import type { Db, Tx } from '../../db/client.js';
import { mapUniqueViolation } from '../../db/errors.js';
import type { SessionId, UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { AuthDependencies } from './auth.dependencies.js';
import { withVerifiedCode, withVerifiedCodes, type CodeCheck } from './code-verification.service.js';
import { countLookup } from './lookup-limit.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { countHit, fixedWindow, resetCounter } from './rate-counters.js';
import { normalizeAccount } from './sign-in.js';

/** Wrong current passwords per user within 15 minutes: a stolen session must not become a password oracle. */
const OLD_PASSWORD_RULE = { limit: 10, windowMs: 15 * 60_000 } as const;

const phoneTaken = (cause?: unknown) => new AppError('conflict', { messageKey: 'auth.phoneTaken', cause });

export function credentialsService(deps: AuthDependencies) {
  const { db, clock, sessions, users } = deps;

  async function ensurePhoneFree(executor: Db, phone: string) {
    if (await users.isRegistered(executor, phone)) {
      throw phoneTaken();
    }
  }

  async function checkOldPassword(userId: UserId, passwordHash: string, oldPassword: string | null | undefined) {
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
    async forgetPassword(input: { username: string; code: string; password: string; ip: string }): Promise<void> {
      await countLookup(deps, input.ip);
      const account = normalizeAccount(input.username);
      const user = await users.findUserByAccount(db, account);
      if (!user) {
        throw new AppError('businessRule', { messageKey: 'auth.notRegistered', field: 'username' });
      }
      const passwordHash = await hashPassword(input.password);
      const check = { target: account, purpose: 'reset', code: input.code, field: 'verificationCode' };
      await withVerifiedCode(deps, check, async (tx) => {
        await users.setPasswordHash(tx, user.id, passwordHash);
        await sessions.revokeAll(tx, user.id);
      });
    },

    async hasPassword(userId: UserId): Promise<0 | 1> {
      return (await users.readPasswordHash(db, userId)) ? 1 : 0;
    },

    /** Sets or changes the password; the session that changed it stays, every other one ends. */
    async updatePassword(
      user: { userId: UserId; sessionId: SessionId },
      input: { oldPassword?: string | null | undefined; password: string },
    ): Promise<void> {
      const current = await users.readPasswordHash(db, user.userId);
      if (current) {
        await checkOldPassword(user.userId, current, input.oldPassword);
        // Checked after the current password, so that the answer tells nothing to whoever does not know it.
        if (input.password === input.oldPassword) {
          throw new AppError('businessRule', { messageKey: 'auth.passwordUnchanged', field: 'password' });
        }
      }
      const passwordHash = await hashPassword(input.password);
      await inTransaction(db, async (tx) => {
        await users.setPasswordHash(tx, user.userId, passwordHash);
        await sessions.revokeAll(tx, user.userId, { except: user.sessionId });
      });
    },

    /**
     * The new phone proves itself with a 'phone' code sent to it and must not belong to any account yet; an account
     * that has a phone also proves it still holds that one, with an 'oldPhone' code, so that a stolen session cannot
     * move the account to the thief's phone (issue 7). A first phone needs no more than its own code.
     */
    async updatePhone(userId: UserId, input: { phone: string; code: string; oldPhoneCode?: string }): Promise<void> {
      const current = await users.readPhone(db, userId);
      // The account's own number is no other account's (issue 9): say so, rather than "bound to another account".
      if (current === input.phone) {
        throw new AppError('conflict', { messageKey: 'auth.phoneIsCurrent', field: 'phonenumber' });
      }
      await ensurePhoneFree(db, input.phone);
      const checks: CodeCheck[] = [];
      if (current) {
        if (!input.oldPhoneCode) {
          throw new AppError('validation', { messageKey: 'validation.oldPhoneCodeRequired', field: 'oldPhoneCode' });
        }
        checks.push({ target: current, purpose: 'oldPhone', code: input.oldPhoneCode, field: 'oldPhoneCode' });
      }
      checks.push({
        target: input.phone,
        purpose: 'phone',
        code: input.code,
        field: 'verificationCode',
        precondition: (tx: Tx) => ensurePhoneFree(tx, input.phone),
      });
      await withVerifiedCodes(deps, checks, (tx) => users.setPhone(tx, userId, input.phone)).catch((error: unknown) =>
        mapUniqueViolation(error, { users_phone_key: () => phoneTaken(error) }),
      );
    },
  };
}
