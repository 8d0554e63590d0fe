import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { consumeScene } from './wechat.queries.js';
import { bindIdentity } from './wechat.service.js';

export { wechatJobs } from './wechat.jobs.js';
export { wechatRoutes } from './wechat.routes.js';

export interface WechatIdentity {
  openId: string;
  nickName: string | null;
}

/** What the accounts module needs from WeChat login (registration and login with an eventKey). */
export interface WechatAccounts {
  /**
   * Takes the WeChat identity of a scanned login scene, once: null when the scene is unknown, expired, not yet scanned
   * or already used. Call it inside the transaction that creates or logs in the account.
   */
  claimScannedIdentity(tx: Db, eventKey: string): Promise<WechatIdentity | null>;
  /**
   * Binds an identity to a user; AppError('conflict', { messageKey: 'wechat.boundToAnother' }) when it is taken,
   * AppError('conflict', { messageKey: 'wechat.alreadyBound' }) when the user has another WeChat already; binding
   * the same identity again changes nothing. A unique-index violation also fails the transaction: let it roll back.
   */
  bindIdentity(tx: Db, userId: bigint, identity: WechatIdentity): Promise<void>;
}

export function wechatAccounts({ clock }: Pick<AppContext, 'clock'>): WechatAccounts {
  return {
    claimScannedIdentity: (tx, eventKey) =>
      consumeScene(tx, { sceneStr: eventKey, purpose: 'login', now: clock.now() }),
    bindIdentity: (tx, userId, identity) => bindIdentity(tx, userId, identity, clock.now()),
  };
}
