import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { inTransaction } from '../../src/db/transaction.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { newOpenId, pollLogin, requestQr, sandboxScan, sceneRow, setWechatOf } from './wechat-helpers.js';

let t: TestApp;
let clock: AdjustableClock;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://console.example:8080' });
  clock = t.clock as AdjustableClock;
});
afterAll(() => t.close());

describe('WeChat QR login in the sandbox', () => {
  it('answers a 5-minute QR that opens the sandbox scan page of this server', async () => {
    const { code, data } = await requestQr(t);
    expect(code).toBe(200);
    expect(data).toMatchObject({ expiresIn: 300, sandbox: true });
    expect(data.sceneStr).toMatch(/^[0-9a-f]{32}$/);
    expect(data.url).toBe(`http://console.example:8080/wechat/sandbox/scan?scene=${data.sceneStr}`);
  });

  it('answers data 0 while the QR waits for a scan', async () => {
    const { data } = await requestQr(t);
    expect((await pollLogin(t, data.sceneStr)).json()).toMatchObject({ code: 200, data: 0 });
  });

  it("logs a known WeChat user in with msg '0' and a token that works, once", async () => {
    const user = await createSignedInUser(t);
    const openId = newOpenId();
    await setWechatOf(t.db, user.userId, openId, 'Known');
    const { data: qr } = await requestQr(t);
    expect((await sandboxScan(t, qr.sceneStr, openId)).json()).toMatchObject({
      code: 200,
      data: { status: 'scanned' },
    });

    const body = (await pollLogin(t, qr.sceneStr)).json();
    expect(body).toMatchObject({ code: 200, msg: '0', data: { expires_in: 30 * 24 * 3600 } });
    const info = await t.request({
      method: 'GET',
      url: '/api/auth/user/selectWeChatInfo',
      token: body.data.access_token,
    });
    expect(info.json()).toMatchObject({ code: 200, data: { bound: true, nickName: 'Known' } });
    expect((await pollLogin(t, qr.sceneStr)).statusCode).toBe(409);
  });

  it('answers data 1 for a new WeChat user and hands the identity to registration exactly once', async () => {
    const { data: qr } = await requestQr(t);
    const openId = newOpenId();
    await sandboxScan(t, qr.sceneStr, openId, '新用户');
    expect((await pollLogin(t, qr.sceneStr)).json()).toMatchObject({ code: 200, data: 1 });
    expect((await pollLogin(t, qr.sceneStr)).json()).toMatchObject({ code: 200, data: 1 });

    const claim = (sceneStr: string) =>
      inTransaction(t.db, (tx) => t.services.wechat.claimScannedIdentity(tx, sceneStr));
    expect(await claim(qr.sceneStr)).toEqual({ openId, nickName: '新用户' });
    expect(await claim(qr.sceneStr)).toBeNull();
    expect((await pollLogin(t, qr.sceneStr)).statusCode).toBe(409);
  });

  it('hands over nothing for a QR that nobody scanned, an unknown one or a bind QR', async () => {
    const claim = (sceneStr: string) =>
      inTransaction(t.db, (tx) => t.services.wechat.claimScannedIdentity(tx, sceneStr));
    const { data: pending } = await requestQr(t);
    expect(await claim(pending.sceneStr)).toBeNull();
    expect(await claim('no-such-scene')).toBeNull();

    const user = await createSignedInUser(t);
    const { data: bind } = await requestQr(t, { purpose: 'bind', token: user.token });
    await sandboxScan(t, bind.sceneStr, newOpenId());
    expect(await claim(bind.sceneStr)).toBeNull();
  });

  it('keeps a scanned identity long enough for a new user to bind a phone after the QR itself expired', async () => {
    const { data: qr } = await requestQr(t);
    clock.advance(4);
    await sandboxScan(t, qr.sceneStr, newOpenId());
    clock.advance(5);
    expect((await pollLogin(t, qr.sceneStr)).json()).toMatchObject({ data: 1 });
    expect(await inTransaction(t.db, (tx) => t.services.wechat.claimScannedIdentity(tx, qr.sceneStr))).not.toBeNull();
  });

  it('answers 409 in the caller language once the QR expired unscanned, and refuses to scan it', async () => {
    const { data: qr } = await requestQr(t);
    clock.advance(6);
    const zh = await pollLogin(t, qr.sceneStr);
    expect(zh.statusCode).toBe(409);
    expect(zh.json()).toMatchObject({ code: 409, msg: '二维码已过期，请刷新后重新扫码' });
    const en = await pollLogin(t, qr.sceneStr, 'en-US');
    expect(en.json().msg).toBe('The QR code has expired; refresh it and scan again');
    expect((await sandboxScan(t, qr.sceneStr, newOpenId())).statusCode).toBe(409);
    expect((await pollLogin(t, 'never-issued')).statusCode).toBe(409);
  });

  it('lets the first scan win: a repeat by the same user is harmless, another user is refused', async () => {
    const { data: qr } = await requestQr(t);
    const openId = newOpenId();
    await sandboxScan(t, qr.sceneStr, openId);
    const first = await sceneRow(t.db, qr.sceneStr);
    clock.advance(1);
    expect((await sandboxScan(t, qr.sceneStr, openId)).statusCode).toBe(200);
    const other = await sandboxScan(t, qr.sceneStr, newOpenId(), undefined);
    expect(other.statusCode).toBe(409);
    expect(await sceneRow(t.db, qr.sceneStr)).toEqual(first);
  });

  it('answers 401 to a bind QR request without a signed-in user', async () => {
    const response = await t.request({ method: 'GET', url: '/api/auth/qrCodeFirstLogin/getQrCode?purpose=bind' });
    expect(response.statusCode).toBe(401);
  });

  it('deletes scenes a day after they expired, in the daily job', async () => {
    const { data: old } = await requestQr(t);
    clock.advance(2 * 24 * 60);
    const { data: fresh } = await requestQr(t);
    await t.app.scheduler.tick();
    expect(await sceneRow(t.db, old.sceneStr)).toBeUndefined();
    expect(await sceneRow(t.db, fresh.sceneStr)).toMatchObject({ status: 'pending' });
  });
});
