import type { Tx } from '../../db/client.js';
import { mapUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import type { TokenAnswer } from '../sessions/index.js';
import type { NewAccount } from '../users/index.js';
import type { AuthDependencies } from './auth.dependencies.js';
import { withVerifiedCode } from './code-verification.service.js';
import { countLookup } from './lookup-limit.js';
import { hashPassword } from './passwords.js';
import { ensureUnregistered, normalizeAccount, type ScanSignIn } from './sign-in.js';

export interface RegisterByPhone {
  phone: string;
  password?: string | null | undefined;
  code: string;
  invitationCode?: string | undefined;
  eventKey?: string | null | undefined;
  /** The caller's address: "already registered" tells whether an account exists, so it counts as a lookup. */
  ip: string;
}

const alreadyRegistered = () => new AppError('conflict', { messageKey: 'auth.alreadyRegistered' });

/** A registration that lost a race reaches a unique index (SQLSTATE 23505); that is a 409 like the check before. */
const mapDuplicate = <T>(work: () => Promise<T>): Promise<T> =>
  work().catch((error: unknown) =>
    mapUniqueViolation(error, {
      users_phone_key: alreadyRegistered,
      users_email_key: alreadyRegistered,
      users_wechat_open_id_key: () => new AppError('conflict', { messageKey: 'wechat.boundToAnother' }),
    }),
  );

export function registrationService(deps: AuthDependencies, parts: { scan: ScanSignIn }) {
  const { db, users, sessions, wechat } = deps;
  const { claimScan } = parts.scan;
  const signIn = sessions.signIn;

  /** A new account with a password and a '1' code sent to `target`; createAccount records the invitation. */
  async function register(
    target: string,
    values: Pick<NewAccount, 'phone' | 'email' | 'invitationCode'>,
    secrets: { password: string; code: string; field: string },
  ): Promise<TokenAnswer> {
    await ensureUnregistered(users, db, target);
    // Hashed before the transaction: argon2 takes a while, and on PGlite a transaction holds the only session.
    const passwordHash = await hashPassword(secrets.password);
    const check = {
      target,
      purpose: '1',
      code: secrets.code,
      field: secrets.field,
      precondition: (tx: Tx) => ensureUnregistered(users, tx, target),
    };
    return mapDuplicate(() =>
      withVerifiedCode(deps, check, async (tx) =>
        signIn(tx, await users.createAccount(tx, { ...values, passwordHash })),
      ),
    );
  }

  /**
   * Phone binding after a WeChat scan by a new WeChat user (spec §4): a 'bind' code, the password may be null. A phone
   * that already has an account gets the WeChat bound to it and is logged in instead.
   */
  async function registerWithScan(input: RegisterByPhone & { eventKey: string }): Promise<TokenAnswer> {
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const check = { target: input.phone, purpose: 'bind', code: input.code, field: 'verificationCode' };
    return mapDuplicate(() =>
      withVerifiedCode(deps, check, async (tx) => {
        const identity = await claimScan(tx, input.eventKey);
        const existing = await users.findUserByAccount(tx, input.phone);
        if (existing) {
          await wechat.bindIdentity(tx, existing.id, identity);
          return signIn(tx, existing.id);
        }
        const { phone, invitationCode } = input;
        const wechatIdentity = { ...identity, at: deps.clock.now() };
        return signIn(
          tx,
          await users.createAccount(tx, { phone, invitationCode, passwordHash, wechat: wechatIdentity }),
        );
      }),
    );
  }

  return {
    async registerByPhone(input: RegisterByPhone): Promise<TokenAnswer> {
      await countLookup(deps, input.ip);
      if (input.eventKey) {
        return registerWithScan({ ...input, eventKey: input.eventKey });
      }
      if (!input.password) {
        throw new AppError('validation', { messageKey: 'validation.passwordRequired', field: 'password' });
      }
      const { phone, password, invitationCode, code } = input;
      return register(phone, { phone, invitationCode }, { password, code, field: 'verificationCode' });
    },

    async registerByEmail(input: {
      email: string;
      password: string;
      code: string;
      invitationCode?: string;
      ip: string;
    }): Promise<TokenAnswer> {
      await countLookup(deps, input.ip);
      const email = normalizeAccount(input.email);
      const { password, invitationCode, code } = input;
      return register(email, { email, invitationCode }, { password, code, field: 'emailCode' });
    },
  };
}
