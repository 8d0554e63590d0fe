import { createHash, randomInt } from 'node:crypto';
import { TIMING, translate, type auth, type Locale } from '@suanli/contract';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { AuthDependencies } from './auth.dependencies.js';
import type { CaptchaAnswer, CaptchaService } from './captcha.service.js';
import { consumeCode, insertCode, latestCodeSentAt, lockTarget, supersedeCodes } from './codes.queries.js';
import { countLookup } from './lookup-limit.js';
import { businessDayWindow, countHit, fixedWindow } from './rate-counters.js';

/** ARCHITECTURE §10 and spec §9. */
export const CODE_RULES = {
  lifeMinutes: 5,
  resendMs: TIMING.codeResendSeconds * 1_000,
  perTargetPerDay: 10,
  perIpPerHour: 30,
  wrongTries: 5,
} as const;

const HOUR_MS = 60 * 60_000;

/** Codes are stored hashed, tied to their target and purpose, so a code for one purpose never opens another. */
export function hashCode(target: string, purpose: string, code: string): string {
  return createHash('sha256').update(`${purpose}:${target}:${code}`).digest('hex');
}

export interface CodeRequest {
  channel: 'sms' | 'email';
  /** A phone, or an e-mail in lower case; not read for 'oldPhone', whose code goes to the user's current phone. */
  target: string | undefined;
  purpose: auth.CodePurpose;
  ip: string;
  userId: UserId | null;
  locale: Locale;
}

/** A request whose recipient is known. */
type Delivery = CodeRequest & { target: string };

const refuse = (messageKey: string, params?: Record<string, number>) =>
  new AppError('businessRule', { messageKey, ...(params ? { params } : {}) });

const PHONE_ONLY: ReadonlySet<auth.CodePurpose> = new Set(['phone', 'oldPhone', 'bind']);
const EMAIL_ONLY: ReadonlySet<auth.CodePurpose> = new Set(['email', 'oldEmail']);
const SIGNED_IN_ONLY: ReadonlySet<auth.CodePurpose> = new Set(['phone', 'oldPhone', 'email', 'oldEmail']);
// Whether these are sent depends on whether the target has an account, so each send tells as much as a lookup.
const REVEALING: ReadonlySet<auth.CodePurpose> = new Set(['1', '2', 'reset', 'phone', 'email']);
// A new phone or e-mail for the signed-in account: refused when taken, and said so when it is the account's own.
const NEW_CONTACT: Partial<Record<auth.CodePurpose, 'phone' | 'email'>> = { phone: 'phone', email: 'email' };

export function codesService(deps: AuthDependencies, parts: { captcha: CaptchaService }) {
  const { db, clock, config, users, sms, mail } = deps;

  /**
   * The phone or e-mail the code goes to. An 'oldPhone' code goes to the signed-in user's own current phone and
   * nowhere else, so it can never be aimed at somebody else's phone (issue 7).
   */
  async function recipient({ channel, target, purpose, userId }: CodeRequest): Promise<string> {
    if (PHONE_ONLY.has(purpose) && channel !== 'sms') {
      throw new AppError('badRequest', { messageKey: 'auth.purposeNeedsPhone', field: 'type' });
    }
    if (EMAIL_ONLY.has(purpose) && channel !== 'email') {
      throw new AppError('badRequest', { messageKey: 'auth.purposeNeedsEmail', field: 'type' });
    }
    if (SIGNED_IN_ONLY.has(purpose) && userId === null) {
      throw new AppError('unauthorized');
    }
    if (purpose === 'oldPhone') {
      const current = userId === null ? null : await users.readPhone(db, userId);
      if (!current) {
        throw refuse('auth.noCurrentPhone');
      }
      return current;
    }
    if (purpose === 'oldEmail') {
      const current = userId === null ? null : await users.readEmail(db, userId);
      if (!current) {
        throw refuse('auth.noCurrentEmail');
      }
      return current;
    }
    if (!target) {
      const field = channel === 'sms' ? 'phone' : 'email';
      throw new AppError('validation', { messageKey: `validation.${field}`, field });
    }
    return target;
  }

  /** What the purpose says about the account: register needs a new one, login and reset a known one (spec §5). */
  async function checkAccount({ target, purpose, ip, userId }: Delivery) {
    if (!REVEALING.has(purpose)) {
      return;
    }
    await countLookup(deps, ip);
    const registered = await users.isRegistered(db, target);
    if (purpose === '1' && registered) {
      throw new AppError('conflict', { messageKey: 'auth.alreadyRegistered' });
    }
    const contact = NEW_CONTACT[purpose];
    if (contact && registered) {
      throw await contactInUse(contact, target, userId);
    }
    if ((purpose === '2' || purpose === 'reset') && !registered) {
      throw refuse('auth.notRegistered');
    }
  }

  /** A new phone or e-mail that has an account: the signed-in user's own (issue 9), or somebody else's. */
  async function contactInUse(contact: 'phone' | 'email', target: string, userId: UserId | null) {
    const own = userId === null ? null : await users.findUserByAccount(db, target);
    return own?.id === userId
      ? new AppError('conflict', { messageKey: `auth.${contact}IsCurrent`, field: contact })
      : new AppError('conflict', { messageKey: `auth.${contact}Taken` });
  }

  /** Records the code under every limit in one transaction; a refusal rolls back the hits it counted. */
  function record(request: Delivery, code: string): Promise<bigint> {
    return inTransaction(db, async (tx) => {
      await lockTarget(tx, request);
      const now = clock.now();
      const last = await latestCodeSentAt(tx, request);
      if (last && now.getTime() - last.getTime() < CODE_RULES.resendMs) {
        const seconds = Math.ceil((last.getTime() + CODE_RULES.resendMs - now.getTime()) / 1_000);
        throw refuse('auth.codeResendWait', { seconds });
      }
      if ((await countHit(tx, fixedWindow(`code-ip:${request.ip}`, now, HOUR_MS))) > CODE_RULES.perIpPerHour) {
        throw refuse('auth.codeIpLimit');
      }
      const day = businessDayWindow(`code-target:${request.target}`, now, config.runtime.businessTimeZone);
      if ((await countHit(tx, day)) > CODE_RULES.perTargetPerDay) {
        throw refuse('auth.codeDailyLimit', { limit: CODE_RULES.perTargetPerDay });
      }
      await supersedeCodes(tx, request, now);
      return insertCode(tx, {
        channel: request.channel,
        target: request.target,
        purpose: request.purpose,
        codeHash: hashCode(request.target, request.purpose, code),
        ip: request.ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_RULES.lifeMinutes * 60_000),
      });
    });
  }

  function deliver({ channel, target, purpose, locale }: Delivery, code: string): Promise<void> {
    const params = {
      code,
      minutes: CODE_RULES.lifeMinutes,
      action: translate(locale, `auth.codePurpose.${purpose}`),
    };
    if (channel === 'sms') {
      return sms.sendCode({ phone: target, code, text: translate(locale, 'auth.smsText', params) });
    }
    const subject = translate(locale, 'auth.mailSubject', params);
    return mail.sendCode({ to: target, code, subject, text: translate(locale, 'auth.mailText', params) });
  }

  return {
    /**
     * Captcha, account rule and limits first; then the code is committed and only then handed to the provider, which
     * must never run inside a transaction (on PGlite a transaction holds the only session).
     */
    async send(input: CodeRequest, captchaAnswer: CaptchaAnswer): Promise<void> {
      await parts.captcha.verify(captchaAnswer);
      const request = { ...input, target: await recipient(input) };
      await checkAccount(request);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const id = await record(request, code);
      try {
        await deliver(request, code);
      } catch (error) {
        // A code nobody received must not be guessable for five minutes.
        await consumeCode(db, id, clock.now());
        throw new AppError('unavailable', { messageKey: 'auth.codeSendFailed', cause: error });
      }
    },
  };
}

export type CodesService = ReturnType<typeof codesService>;
