import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { accountFlows, PASSWORD, uniqueIp, uniquePhone } from '../fixtures/auth-flows.js';

let t: TestApp;
let flows: ReturnType<typeof accountFlows>;
beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA: 'off' });
  flows = accountFlows(t);
});
afterAll(() => t.close());

let openIds = 0;

/** A login QR scanned in the WeChat sandbox by a WeChat user nobody has seen: its scene is the eventKey. */
async function scannedByNewWechatUser(nickName = '微信新用户') {
  const qr = await t.request({ method: 'GET', url: '/api/auth/qrCodeFirstLogin/getQrCode' });
  const { sceneStr } = qr.json().data as { sceneStr: string };
  const openId = `o-auth-${process.pid}-${(openIds += 1)}`;
  const payload = { sceneStr, openId, nickName };
  const scan = await t.request({ method: 'POST', url: '/api/dev/wechat/scan', payload, unsigned: true });
  expect(scan.statusCode).toBe(200);
  return { eventKey: sceneStr, openId };
}

async function userByPhone(phone: string) {
  const [row] = await queryRows<{ id: string; open_id: string | null; nick_name: string; has_password: boolean }>(
    t.db,
    sql`SELECT id::text, wechat_open_id AS open_id, nick_name, password_hash IS NOT NULL AS has_password
        FROM users WHERE phone = ${phone}`,
  );
  return row;
}

describe('WeChat scans in registration and login', () => {
  it('registers a new WeChat user by binding a new phone, without a password', async () => {
    const { eventKey, openId } = await scannedByNewWechatUser();
    const phone = uniquePhone();
    const code = await flows.code(phone, 'bind', { ip: uniqueIp() });
    const response = await flows.registerByPhone(phone, code, { password: null, eventKey });
    expect(response.statusCode).toBe(200);
    expect(await flows.sessionStatus(response.json().data.access_token)).toBe(200);
    expect(await userByPhone(phone)).toMatchObject({ open_id: openId, nick_name: '微信新用户', has_password: false });
  });

  it('binds the WeChat to the account that already has the phone and logs that account in', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    const before = await userByPhone(phone);
    const { eventKey, openId } = await scannedByNewWechatUser();
    const code = await flows.code(phone, 'bind', { ip: uniqueIp() });
    const response = await flows.registerByPhone(phone, code, { password: null, eventKey });
    expect(response.statusCode).toBe(200);
    expect(await userByPhone(phone)).toMatchObject({ id: before!.id, open_id: openId, has_password: true });
    expect((await flows.loginByPassword(phone, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a scan that was already used, and keeps the code for another try', async () => {
    const { eventKey } = await scannedByNewWechatUser();
    const first = uniquePhone();
    await flows.registerByPhone(first, await flows.code(first, 'bind', { ip: uniqueIp() }), {
      password: null,
      eventKey,
    });
    const second = uniquePhone();
    const code = await flows.code(second, 'bind', { ip: uniqueIp() });
    const refused = await flows.registerByPhone(second, code, { password: null, eventKey }, '');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ msg: '微信扫码已失效，请重新扫码', data: { field: 'eventKey' } });
    const again = await scannedByNewWechatUser();
    const response = await flows.registerByPhone(second, code, { password: null, eventKey: again.eventKey });
    expect(response.statusCode).toBe(200);
  });

  it('binds a scanned WeChat on login by password and on login by code', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    const byPassword = await scannedByNewWechatUser();
    const payload = { username: phone, password: PASSWORD, eventKey: byPassword.eventKey };
    expect((await t.request({ method: 'POST', url: '/api/auth/loginByPassword', payload })).statusCode).toBe(200);
    expect(await userByPhone(phone)).toMatchObject({ open_id: byPassword.openId });

    const other = await flows.registeredPhone({ ip: uniqueIp() });
    const byCode = await scannedByNewWechatUser();
    const verificationCode = await flows.code(other.phone, '2', { ip: uniqueIp() });
    const codePayload = { username: other.phone, verificationCode, eventKey: byCode.eventKey };
    expect((await t.request({ method: 'POST', url: '/api/auth/loginByCode', payload: codePayload })).statusCode).toBe(
      200,
    );
    expect(await userByPhone(other.phone)).toMatchObject({ open_id: byCode.openId });
  });
});
