import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { TokenAnswer } from '../sessions/index.js';
import type { AuthDependencies } from './auth.dependencies.js';
import type { CaptchaAnswer, CaptchaService } from './captcha.service.js';
import { withVerifiedCode } from './code-verification.service.js';
import { countLookup } from './lookup-limit.js';
import { verifyPassword } from './passwords.js';
import { countHit, fixedWindow, resetCounter, type CounterWindow } from './rate-counters.js';
import { normalizeAccount, type ScanSignIn } from './sign-in.js';

/**
 * Password attempts within a fixed 15-minute window (issue 7): 10 per account and source address lock that pair, so
 * that one address cannot lock a user out everywhere; 100 per account from all addresses together slow a spread
 * attack for everyone. A success clears both.
 */
const LOGIN_FAILURE_RULE = { perAddress: 10, perAccount: 100, windowMs: 15 * 60_000 } as const;

interface LoginInput {
  username: string;
  eventKey?: string | null | undefined;
  /** The caller's address, for the per-address limits. */
  ip: string;
}

export function loginService(deps: AuthDependencies, parts: { captcha: CaptchaService; scan: ScanSignIn }) {
  const { db, clock, users } = deps;
  const { signInBindingScan } = parts.scan;

  /** Counts the attempt in both windows before the password is checked, so parallel guesses cannot slip past. */
  async function countAttempt(account: string, ip: string): Promise<CounterWindow[]> {
    const now = clock.now();
    const pair = fixedWindow(`login-failure:${account}:${ip}`, now, LOGIN_FAILURE_RULE.windowMs);
    const all = fixedWindow(`login-failure:${account}`, now, LOGIN_FAILURE_RULE.windowMs);
    const overPair = (await countHit(db, pair)) > LOGIN_FAILURE_RULE.perAddress;
    const overAll = (await countHit(db, all)) > LOGIN_FAILURE_RULE.perAccount;
    if (overPair || overAll) {
      const minutes = Math.ceil((pair.end.getTime() - now.getTime()) / 60_000);
      throw new AppError('businessRule', { messageKey: 'auth.tooManyFailures', params: { minutes } });
    }
    return [pair, all];
  }

  return {
    /** Unknown account, account without a password and wrong password answer alike, in similar time. */
    async loginByPassword(input: LoginInput & { password: string; captcha: CaptchaAnswer }): Promise<TokenAnswer> {
      await parts.captcha.verify(input.captcha);
      const account = normalizeAccount(input.username);
      const windows = await countAttempt(account, input.ip);
      const user = await users.findUserByAccount(db, account);
      const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !valid) {
        throw new AppError('businessRule', { messageKey: 'auth.badCredentials' });
      }
      for (const window of windows) {
        await resetCounter(db, window);
      }
      return inTransaction(db, (tx) => signInBindingScan(tx, user.id, input.eventKey));
    },

    /** A '2' code sent to the phone or e-mail; no captcha, the code itself is the proof. */
    async loginByCode(input: LoginInput & { code: string }): Promise<TokenAnswer> {
      await countLookup(deps, input.ip);
      const account = normalizeAccount(input.username);
      const user = await users.findUserByAccount(db, account);
      if (!user) {
        throw new AppError('businessRule', { messageKey: 'auth.notRegistered', field: 'username' });
      }
      const check = { target: account, purpose: '2', code: input.code, field: 'verificationCode' };
      return withVerifiedCode(deps, check, (tx) => signInBindingScan(tx, user.id, input.eventKey));
    },

    /** data 1 when registered (spec §7); counted per address in the database on top of the plugin's limit. */
    async isRegistered(account: string, ip: string): Promise<0 | 1> {
      await countLookup(deps, ip);
      return (await users.isRegistered(db, normalizeAccount(account))) ? 1 : 0;
    },
  };
}
