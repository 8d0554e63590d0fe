import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/scheduler.js';

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
  claimScannedIdentity(tx: Executor, eventKey: string): Promise<WechatIdentity | null>;
  /** Binds an identity to a user; AppError('conflict', { messageKey: 'wechat.boundToAnother' }) when it is taken. */
  bindIdentity(tx: Executor, userId: bigint, identity: WechatIdentity): Promise<void>;
}

export function wechatAccounts(_context: AppContext): WechatAccounts {
  throw new Error('wechat module under construction');
}

export async function wechatRoutes(_app: FastifyInstance, _context: AppContext) {}

export const wechatJobs = (_context: AppContext): JobDefinition[] => [];
