import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client.js';
import { mapUniqueViolation } from '../../db/errors.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import { WechatUnavailableError, type WechatQrProvider } from '../../providers/wechat/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsersService } from '../users/index.js';
import {
  consumeScene,
  findScene,
  findSceneForScan,
  insertScene,
  markSceneScanned,
  type ScenePurpose,
  type WechatIdentityRow,
} from './wechat.queries.js';

export const QR_LIFE_SECONDS = 300;
// The QR is scannable for 5 minutes; once scanned, a new user still has to bind a phone (captcha, SMS code, up to
// a minute's wait to resend) before registration claims the identity, so a scan holds the scene a while longer.
const SCANNED_HOLD_MS = 10 * 60_000;

const qrExpired = () => new AppError('conflict', { messageKey: 'wechat.qrExpired' });
const boundToAnother = () => new AppError('conflict', { messageKey: 'wechat.boundToAnother' });
const alreadyBound = () => new AppError('conflict', { messageKey: 'wechat.alreadyBound' });

export type ScanOutcome = 'scanned' | 'repeated' | 'expired' | 'taken';

export interface WechatDependencies {
  db: Db;
  clock: Clock;
  provider: WechatQrProvider;
  users: UsersService;
  sessions: SessionsService;
}

/** WeChat QR login and binding (spec §4 "WeChat login", §8); one instance per app, built by createWechatModule. */
export function wechatService({ db, clock, provider, users, sessions }: WechatDependencies) {
  /**
   * Binds a WeChat identity to a user in the caller's transaction. Refuses an identity bound to someone else
   * (checked first, and again by the unique index for a concurrent binding) and a user who already has another
   * WeChat; binding the same one again changes nothing.
   */
  async function bindIdentity(tx: Tx, userId: UserId, identity: WechatIdentityRow) {
    const owner = await users.findUserIdByOpenId(tx, identity.openId);
    if (owner !== null && owner !== userId) {
      throw boundToAnother();
    }
    const current = await users.lockUserWechat(tx, userId);
    if (current?.openId === identity.openId) {
      return;
    }
    if (current?.openId) {
      throw alreadyBound();
    }
    await users
      .setUserWechat(tx, { userId, identity, at: clock.now() })
      .catch((error: unknown) => mapUniqueViolation(error, { users_wechat_open_id_key: boundToAnother }));
  }

  async function qrUrl(sceneStr: string) {
    try {
      return await provider.qrUrl(sceneStr, QR_LIFE_SECONDS);
    } catch (error) {
      if (error instanceof WechatUnavailableError) {
        throw new AppError('unavailable', { messageKey: 'wechat.unavailable', cause: error });
      }
      throw error;
    }
  }

  return {
    bindIdentity,

    /**
     * Takes the WeChat identity of a scanned login scene, once: null when the scene is unknown, expired, not yet
     * scanned or already used. Call it inside the transaction that creates or logs in the account.
     */
    claimScannedIdentity: (tx: Tx, eventKey: string) =>
      consumeScene(tx, { sceneStr: eventKey, purpose: 'login', now: clock.now() }),

    async createQrCode(purpose: ScenePurpose, userId: UserId | null) {
      if (purpose === 'bind') {
        if (userId === null) {
          throw new AppError('unauthorized');
        }
        if ((await users.findUserWechat(db, userId))?.openId) {
          throw alreadyBound();
        }
      }
      const sceneStr = randomBytes(16).toString('hex');
      // WeChat is asked first and outside any transaction; a QR it made that we fail to record simply expires.
      const url = await qrUrl(sceneStr);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + QR_LIFE_SECONDS * 1000);
      await insertScene(db, { sceneStr, purpose, userId: purpose === 'bind' ? userId : null, now, expiresAt });
      return { url, sceneStr, expiresIn: QR_LIFE_SECONDS, sandbox: provider.sandbox };
    },

    /** A WeChat user scanned the scene (event push or sandbox page). The first scan wins; repeats change nothing. */
    async scan(sceneStr: string, openId: string, nickName: string | null): Promise<ScanOutcome> {
      const now = clock.now();
      const holdUntil = new Date(now.getTime() + SCANNED_HOLD_MS);
      if (await markSceneScanned(db, { sceneStr, openId, nickName, now, holdUntil })) {
        return 'scanned';
      }
      const scene = await findSceneForScan(db, sceneStr);
      if (scene && scene.status !== 'pending' && scene.openId === openId) {
        return 'repeated';
      }
      const live = scene && scene.status === 'scanned' && scene.expiresAt > now;
      return live ? 'taken' : 'expired';
    },

    /** scanLogin: 0 waiting, 1 a new WeChat user (bind a phone next), or a session for the user it belongs to. */
    async pollLogin(eventKey: string) {
      const now = clock.now();
      const scene = await findScene(db, { sceneStr: eventKey, purpose: 'login' });
      if (!scene || scene.status === 'consumed' || scene.expiresAt <= now) {
        throw qrExpired();
      }
      if (scene.status === 'pending') {
        return 0 as const;
      }
      return inTransaction(db, async (tx) => {
        const userId = await users.findUserIdByOpenId(tx, scene.openId!);
        if (userId === null) {
          return 1 as const;
        }
        if (!(await consumeScene(tx, { sceneStr: eventKey, purpose: 'login', now }))) {
          throw qrExpired();
        }
        return sessions.signIn(tx, userId);
      });
    },

    /** bindWeChatInfo, polled by the user centre: 0 until the bind QR is scanned, then the binding. */
    async bind(userId: UserId, eventKey: string) {
      const now = clock.now();
      const scene = await findScene(db, { sceneStr: eventKey, purpose: 'bind', userId });
      if (!scene || scene.status === 'consumed' || scene.expiresAt <= now) {
        throw qrExpired();
      }
      if (scene.status === 'pending') {
        return 0 as const;
      }
      return inTransaction(db, async (tx) => {
        const identity = await consumeScene(tx, { sceneStr: eventKey, purpose: 'bind', userId, now });
        if (!identity) {
          throw qrExpired();
        }
        await bindIdentity(tx, userId, identity);
        return { bound: true as const, nickName: identity.nickName };
      });
    },

    async info(userId: UserId) {
      const row = await users.findUserWechat(db, userId);
      return {
        bound: Boolean(row?.openId),
        nickName: row?.openId ? row.nickName : null,
        boundAt: row?.boundAt?.toISOString() ?? null,
      };
    },

    /** Unbinding is refused while WeChat is the only way in: logins name a phone or an e-mail (spec §5). */
    async unbind(userId: UserId) {
      await inTransaction(db, async (tx) => {
        const row = await users.lockUserWechat(tx, userId);
        if (!row?.openId) {
          return;
        }
        if (!row.phone && !row.email) {
          throw new AppError('businessRule', { messageKey: 'wechat.lastLoginMethod' });
        }
        await users.setUserWechat(tx, { userId, identity: null, at: clock.now() });
      });
    },
  };
}

export type WechatService = ReturnType<typeof wechatService>;
