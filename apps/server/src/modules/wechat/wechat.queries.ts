import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { wechatScenes } from './wechat.tables.js';

export type ScenePurpose = 'login' | 'bind';

export interface WechatIdentityRow {
  openId: string;
  nickName: string | null;
}

export async function insertScene(
  db: Db,
  values: { sceneStr: string; purpose: ScenePurpose; userId: UserId | null; now: Date; expiresAt: Date },
) {
  await db.insert(wechatScenes).values({
    sceneStr: values.sceneStr,
    purpose: values.purpose,
    userId: values.userId,
    status: 'pending',
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** A scene of one purpose; a bind scene only for the user who asked for it (its owner in the WHERE clause). */
export async function findScene(db: Db, scene: { sceneStr: string; purpose: ScenePurpose; userId?: UserId }) {
  const { sceneStr, purpose, userId } = scene;
  const [row] = await db
    .select({
      status: wechatScenes.status,
      openId: wechatScenes.openId,
      expiresAt: wechatScenes.expiresAt,
    })
    .from(wechatScenes)
    .where(
      and(
        eq(wechatScenes.sceneStr, sceneStr),
        eq(wechatScenes.purpose, purpose),
        userId === undefined ? undefined : eq(wechatScenes.userId, userId),
      ),
    );
  return row ?? null;
}

/** Any scene by its string, whatever its purpose (what a scan refers to). */
export async function findSceneForScan(db: Db, sceneStr: string) {
  const [row] = await db
    .select({ status: wechatScenes.status, openId: wechatScenes.openId, expiresAt: wechatScenes.expiresAt })
    .from(wechatScenes)
    .where(eq(wechatScenes.sceneStr, sceneStr));
  return row ?? null;
}

/** Attaches the scanning WeChat user to a pending, live scene; false when there is none (a repeated scan too). */
export async function markSceneScanned(
  db: Db,
  values: { sceneStr: string; openId: string; nickName: string | null; now: Date; holdUntil: Date },
) {
  const rows = await db
    .update(wechatScenes)
    .set({
      status: 'scanned',
      openId: values.openId,
      wechatNickName: values.nickName,
      scannedAt: values.now,
      expiresAt: sql`greatest(${wechatScenes.expiresAt}, ${values.holdUntil})`,
    })
    .where(
      and(
        eq(wechatScenes.sceneStr, values.sceneStr),
        eq(wechatScenes.status, 'pending'),
        gt(wechatScenes.expiresAt, values.now),
      ),
    )
    .returning({ sceneStr: wechatScenes.sceneStr });
  return rows.length > 0;
}

/**
 * Uses a scanned, live scene up, once: the single UPDATE makes two concurrent claims end with one winner.
 * Returns the WeChat identity it carried, or null.
 */
export async function consumeScene(
  db: Db,
  values: { sceneStr: string; purpose: ScenePurpose; userId?: UserId; now: Date },
): Promise<WechatIdentityRow | null> {
  const conditions: (SQL | undefined)[] = [
    eq(wechatScenes.sceneStr, values.sceneStr),
    eq(wechatScenes.purpose, values.purpose),
    eq(wechatScenes.status, 'scanned'),
    gt(wechatScenes.expiresAt, values.now),
    values.userId === undefined ? undefined : eq(wechatScenes.userId, values.userId),
  ];
  const [row] = await db
    .update(wechatScenes)
    .set({ status: 'consumed', consumedAt: values.now })
    .where(and(...conditions))
    .returning({ openId: wechatScenes.openId, nickName: wechatScenes.wechatNickName });
  return row?.openId ? { openId: row.openId, nickName: row.nickName } : null;
}

export async function deleteScenesExpiredBefore(db: Db, before: Date) {
  const rows = await db
    .delete(wechatScenes)
    .where(lt(wechatScenes.expiresAt, before))
    .returning({ sceneStr: wechatScenes.sceneStr });
  return rows.length;
}
