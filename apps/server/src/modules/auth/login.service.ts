import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { TokenAnswer } from '../sessions/index.js';
import type { AuthDependencies } from './auth.dependencies.js';
import type { CaptchaAnswer, CaptchaService } from './captcha.service.js';
import { withVerifiedCode } from './code-verification.service.js';
import { verifyPassword } from './passwords.js';
import { countHit, fixedWindow, resetCounter } from './rate-counters.js';
import { normalizeAccount, type ScanSignIn } from './sign-in.js';

/** Password attempts per account within a fixed 15-minute window; a success clears them. */
export const LOGIN_FAILURE_RULE = { limit: 10, windowMs: 15 * 60_000 } as const;
export const LOOKUP_RULE = { perIpPerHour: 60, windowMs: 60 * 60_000 } as const;

interface LoginInput {
  username: string;
  eventKey?: string | null | undefined;
}

export function loginService(deps: AuthDependencies, parts: { captcha: CaptchaService; scan: ScanSignIn }) {
  const { db, clock, users } = deps;
  const { signInBindingScan } = parts.scan;

  return {
    /**
     * Unknown account, account without a password and wrong password answer alike, in similar time. Attempts are
     * counted before the password is checked, so parallel guesses cannot slip past the limit; a success clears them.
     */
    async loginByPassword(input: LoginInput & { password: string; captcha: CaptchaAnswer }): Promise<TokenAnswer> {
      await parts.captcha.verify(input.captcha);
      const account = normalizeAccount(input.username);
      const now = clock.now();
      const attempts = fixedWindow(`login-failure:${account}`, now, LOGIN_FAILURE_RULE.windowMs);
      if ((await countHit(db, attempts)) > LOGIN_FAILURE_RULE.limit) {
        const minutes = Math.ceil((attempts.end.getTime() - now.getTime()) / 60_000);
        throw new AppError('businessRule', { messageKey: 'auth.tooManyFailures', params: { minutes } });
      }
      const user = await users.findUserByAccount(db, account);
      const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !valid) {
        throw new AppError('businessRule', { messageKey: 'auth.badCredentials' });
      }
      await resetCounter(db, attempts);
      return inTransaction(db, (tx) => signInBindingScan(tx, user.id, input.eventKey));
    },

    /** A '2' code sent to the phone or e-mail; no captcha, the code itself is the proof. */
    async loginByCode(input: LoginInput & { code: string }): Promise<TokenAnswer> {
      const account = normalizeAccount(input.username);
      const user = await users.findUserByAccount(db, account);
      if (!user) {
        throw new AppError('businessRule', { messageKey: 'auth.notRegistered', field: 'username' });
      }
      const check = { target: account, purpose: '2', code: input.code, field: 'verificationCode' };
      return withVerifiedCode(deps, check, (tx) => signInBindingScan(tx, user.id, input.eventKey));
    },

    /** data 1 when registered (spec §7); counted per IP in the database on top of the plugin's per-minute limit. */
    async isRegistered(account: string, ip: string): Promise<0 | 1> {
      const window = fixedWindow(`lookup-ip:${ip}`, clock.now(), LOOKUP_RULE.windowMs);
      if ((await countHit(db, window)) > LOOKUP_RULE.perIpPerHour) {
        throw new AppError('businessRule', { messageKey: 'auth.lookupLimit' });
      }
      return (await users.isRegistered(db, normalizeAccount(account))) ? 1 : 0;
    },
  };
}
