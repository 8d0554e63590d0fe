import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { findUserByAccount } from '../users/index.js';
import { wechatAccounts, type WechatAccounts, type WechatIdentity } from '../wechat/index.js';
import { recordLogin } from './accounts.queries.js';
import { SESSION_SLIDING_MS } from './auth.service.js';

/** What login and registration answer (spec §7 "Login response"). */
export interface TokenAnswer {
  access_token: string;
  expires_in: number;
}

/** Accounts are named by phone or e-mail; e-mails compare in lower case, as findUserByAccount does. */
export const normalizeAccount = (account: string) => account.trim().toLowerCase();

export async function ensureUnregistered(db: Db, account: string) {
  if (await findUserByAccount(db, account)) {
    throw new AppError('conflict', { messageKey: 'auth.alreadyRegistered' });
  }
}

export interface SignIn {
  /** Records the login and opens a session, inside the caller's transaction. */
  signIn(tx: Db, userId: bigint): Promise<TokenAnswer>;
  /** The WeChat identity of a scanned QR, taken once; 422 when the scan is unknown, expired or used. */
  claimScan(tx: Db, eventKey: string): Promise<WechatIdentity>;
  /** Binds the scanned WeChat (when an eventKey came along) to the user, then signs them in. */
  signInBindingScan(tx: Db, userId: bigint, eventKey: string | null | undefined): Promise<TokenAnswer>;
  wechat(): WechatAccounts;
}

export function signInService(context: AppContext): SignIn {
  const { clock, sessions } = context;
  // Looked up per use: only requests with an eventKey need the WeChat module.
  const wechat = () => wechatAccounts(context);
  const service: SignIn = {
    wechat,
    async signIn(tx, userId) {
      await recordLogin(tx, userId, clock.now());
      const { token } = await sessions.create(tx, userId);
      return { access_token: token, expires_in: SESSION_SLIDING_MS / 1_000 };
    },
    async claimScan(tx, eventKey) {
      const identity = await wechat().claimScannedIdentity(tx, eventKey);
      if (!identity) {
        throw new AppError('businessRule', { messageKey: 'auth.wechatScanExpired', field: 'eventKey' });
      }
      return identity;
    },
    async signInBindingScan(tx, userId, eventKey) {
      if (eventKey) {
        await wechat().bindIdentity(tx, userId, await service.claimScan(tx, eventKey));
      }
      return service.signIn(tx, userId);
    },
  };
  return service;
}
