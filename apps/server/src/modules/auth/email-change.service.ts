import type { Db, Tx } from '../../db/client.js';
import { mapUniqueViolation } from '../../db/errors.js';
import type { UserId } from '../../db/ids.js';
import { AppError } from '../../http/app-error.js';
import type { AuthDependencies } from './auth.dependencies.js';
import { withVerifiedCodes, type CodeCheck } from './code-verification.service.js';

const emailTaken = (cause?: unknown) => new AppError('conflict', { messageKey: 'auth.emailTaken', cause });

/**
 * Binding or changing the e-mail, as the phone change does: the new address proves itself with an 'email' code and
 * must belong to no account yet; an account that has an e-mail also proves it still holds it with an 'oldEmail' code,
 * so that a stolen session cannot move the account's way back in to the thief's mailbox.
 */
export function emailChangeService(deps: AuthDependencies) {
  const { db, users } = deps;

  async function ensureEmailFree(executor: Db, email: string) {
    if (await users.isRegistered(executor, email)) {
      throw emailTaken();
    }
  }

  return {
    /** `email` arrives in lower case, as every account name is compared. */
    async updateEmail(userId: UserId, input: { email: string; code: string; oldEmailCode?: string }): Promise<void> {
      const current = await users.readEmail(db, userId);
      if (current === input.email) {
        throw new AppError('conflict', { messageKey: 'auth.emailIsCurrent', field: 'email' });
      }
      await ensureEmailFree(db, input.email);
      const checks: CodeCheck[] = [];
      if (current) {
        if (!input.oldEmailCode) {
          throw new AppError('validation', { messageKey: 'validation.oldEmailCodeRequired', field: 'oldEmailCode' });
        }
        checks.push({ target: current, purpose: 'oldEmail', code: input.oldEmailCode, field: 'oldEmailCode' });
      }
      checks.push({
        target: input.email,
        purpose: 'email',
        code: input.code,
        field: 'emailCode',
        precondition: (tx: Tx) => ensureEmailFree(tx, input.email),
      });
      await withVerifiedCodes(deps, checks, (tx) => users.setEmail(tx, userId, input.email)).catch((error: unknown) =>
        mapUniqueViolation(error, { users_email_key: () => emailTaken(error) }),
      );
    },
  };
}
