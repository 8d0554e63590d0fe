import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { AppError } from '../../http/app-error.js';
import type { TokenAnswer } from '../sessions/index.js';
import type { WechatIdentity } from '../wechat/index.js';
import type { AuthDependencies } from './auth.dependencies.js';

/** Accounts are named by phone or e-mail; e-mails compare in lower case, as findUserByAccount does. */
export const normalizeAccount = (account: string) => account.trim().toLowerCase();

export async function ensureUnregistered(users: AuthDependencies['users'], db: Db, account: string) {
  if (await users.isRegistered(db, account)) {
    throw new AppError('conflict', { messageKey: 'auth.alreadyRegistered' });
  }
}

export interface ScanSignIn {
  /** The WeChat identity of a scanned QR, taken once; 422 when the scan is unknown, expired or used. */
  claimScan(tx: Tx, eventKey: string): Promise<WechatIdentity>;
  /** Binds the scanned WeChat (when an eventKey came along) to the user, then signs them in. */
  signInBindingScan(tx: Tx, userId: UserId, eventKey: string | null | undefined): Promise<TokenAnswer>;
}

/** Login and registration that may carry a WeChat scan (spec §4): the scan is claimed in the same transaction. */
export function scanSignIn({ sessions, wechat }: Pick<AuthDependencies, 'sessions' | 'wechat'>): ScanSignIn {
  const service: ScanSignIn = {
    async claimScan(tx, eventKey) {
      const identity = await wechat.claimScannedIdentity(tx, eventKey);
      if (!identity) {
        throw new AppError('businessRule', { messageKey: 'auth.wechatScanExpired', field: 'eventKey' });
      }
      return identity;
    },
    async signInBindingScan(tx, userId, eventKey) {
      if (eventKey) {
        await wechat.bindIdentity(tx, userId, await service.claimScan(tx, eventKey));
      }
      return sessions.signIn(tx, userId);
    },
  };
  return service;
}
