import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import { WechatUnavailableError, type WechatQrProvider } from '../../providers/wechat/index.js';
import { SESSION_SLIDING_MS } from '../auth/index.js';
import {
  consumeScene,
  findScene,
  findSceneForScan,
  findUserIdByOpenId,
  findUserWechat,
  insertScene,
  markSceneScanned,
  recordLogin,
  setUserWechat,
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

/**
 * Binds a WeChat identity to a user in the caller's transaction. Refuses an identity bound to someone else
 * (checked first, and again by the unique index for a concurrent binding) and a user who already has another
 * WeChat; binding the same one again changes nothing.
 */
export async function bindIdentity(tx: Db, userId: bigint, identity: WechatIdentityRow, at: Date) {
  const owner = await findUserIdByOpenId(tx, identity.openId);
  if (owner !== null && owner !== userId) {
    throw boundToAnother();
  }
  const current = await findUserWechat(tx, userId, true);
  if (current?.openId === identity.openId) {
    return;
  }
  if (current?.openId) {
    throw alreadyBound();
  }
  try {
    await setUserWechat(tx, userId, identity, at);
  } catch (error) {
    throw isUniqueViolation(error) ? boundToAnother() : error;
  }
}

/** WeChat QR login and binding (spec §4 "WeChat login", §8); one instance per app, built in wechatRoutes. */
export function wechatService(context: AppContext, provider: WechatQrProvider) {
  const { db, clock, sessions } = context;

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
    async createQrCode(purpose: ScenePurpose, userId: bigint | null) {
      if (purpose === 'bind') {
        if (userId === null) {
          throw new AppError('unauthorized');
        }
        if ((await findUserWechat(db, userId))?.openId) {
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
      const scene = await findScene(db, eventKey, 'login');
      if (!scene || scene.status === 'consumed' || scene.expiresAt <= now) {
        throw qrExpired();
      }
      if (scene.status === 'pending') {
        return 0 as const;
      }
      return inTransaction(db, async (tx) => {
        const userId = await findUserIdByOpenId(tx, scene.openId!);
        if (userId === null) {
          return 1 as const;
        }
        if (!(await consumeScene(tx, { sceneStr: eventKey, purpose: 'login', now }))) {
          throw qrExpired();
        }
        await recordLogin(tx, userId, now);
        const { token } = await sessions.create(tx, userId);
        return { access_token: token, expires_in: SESSION_SLIDING_MS / 1000 };
      });
    },

    /** bindWeChatInfo, polled by the user centre: 0 until the bind QR is scanned, then the binding. */
    async bind(userId: bigint, eventKey: string) {
      const now = clock.now();
      const scene = await findScene(db, eventKey, 'bind', userId);
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
        await bindIdentity(tx, userId, identity, now);
        return { bound: true as const, nickName: identity.nickName };
      });
    },

    async info(userId: bigint) {
      const row = await findUserWechat(db, userId);
      return {
        bound: Boolean(row?.openId),
        nickName: row?.openId ? row.nickName : null,
        boundAt: row?.boundAt?.toISOString() ?? null,
      };
    },

    /** Unbinding is refused while WeChat is the only way in: logins name a phone or an e-mail (spec §5). */
    async unbind(userId: bigint) {
      await inTransaction(db, async (tx) => {
        const row = await findUserWechat(tx, userId, true);
        if (!row?.openId) {
          return;
        }
        if (!row.phone && !row.email) {
          throw new AppError('businessRule', { messageKey: 'wechat.lastLoginMethod' });
        }
        await setUserWechat(tx, userId, null, clock.now());
      });
    },
  };
}

export type WechatService = ReturnType<typeof wechatService>;
