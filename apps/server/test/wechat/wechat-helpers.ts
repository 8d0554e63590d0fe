import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import type { TestApp } from '../helpers/build-test-app.js';

/** What the console does first: ask for a QR (login, or bind with a token). */
export async function requestQr(t: TestApp, options: { purpose?: 'login' | 'bind'; token?: string } = {}) {
  const query = options.purpose ? `?purpose=${options.purpose}` : '';
  const response = await t.request({
    method: 'GET',
    url: `/api/auth/qrCodeFirstLogin/getQrCode${query}`,
    token: options.token,
  });
  return response.json() as {
    code: number;
    data: { url: string; sceneStr: string; expiresIn: number; sandbox: boolean };
  };
}

/** What the sandbox page does when its button is pressed. */
export function sandboxScan(t: TestApp, sceneStr: string, openId: string, nickName?: string) {
  return t.request({
    method: 'POST',
    url: '/api/dev/wechat/scan',
    payload: { sceneStr, openId, ...(nickName ? { nickName } : {}) },
    unsigned: true,
  });
}

export function pollLogin(t: TestApp, eventKey: string, locale?: 'zh-CN' | 'en-US') {
  return t.request({ method: 'POST', url: `/api/auth/user/scanLogin?eventKey=${eventKey}`, locale });
}

export async function setWechatOf(db: Db, userId: bigint, openId: string, nickName = 'wx') {
  await db.execute(
    sql`UPDATE users SET wechat_open_id = ${openId}, wechat_nick_name = ${nickName}, wechat_bound_at = now() WHERE id = ${userId}`,
  );
}

export async function sceneRow(db: Db, sceneStr: string) {
  const [row] = await queryRows<{ status: string; open_id: string | null; scanned_at: Date | null }>(
    db,
    sql`SELECT status, open_id, scanned_at FROM wechat_scenes WHERE scene_str = ${sceneStr}`,
  );
  return row;
}

let counter = 0;
/** An openId no other test uses. */
export const newOpenId = (prefix = 'o') => `${prefix}-${process.pid}-${Date.now()}-${(counter += 1)}`;
