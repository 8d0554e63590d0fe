import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import type { UserId } from '../../src/db/ids.js';
import { inTransaction } from '../../src/db/transaction.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser, createUser } from '../helpers/factories.js';
import { newOpenId, requestQr, sandboxScan, setWechatOf } from './wechat-helpers.js';

let t: TestApp;
let clock: AdjustableClock;
beforeAll(async () => {
  t = await buildTestApp();
  clock = t.clock as AdjustableClock;
});
afterAll(() => t.close());

const bind = (token: string, eventKey: string, locale?: 'zh-CN' | 'en-US') =>
  t.request({ method: 'POST', url: `/api/auth/user/bindWeChatInfo?eventKey=${eventKey}`, token, locale });
const info = (token: string) => t.request({ method: 'GET', url: '/api/auth/user/selectWeChatInfo', token });
const unbind = (token: string, locale?: 'zh-CN' | 'en-US') =>
  t.request({ method: 'POST', url: '/api/auth/user/updateTweChatInfo', token, locale });

async function bindQr(token: string) {
  return (await requestQr(t, { purpose: 'bind', token })).data.sceneStr;
}

describe('binding WeChat in the user centre', () => {
  it('binds the WeChat that scanned the bind QR, after answering 0 while it waits', async () => {
    const user = await createSignedInUser(t);
    expect((await info(user.token)).json()).toMatchObject({ data: { bound: false, nickName: null, boundAt: null } });
    const scene = await bindQr(user.token);
    expect((await bind(user.token, scene)).json()).toMatchObject({ code: 200, data: 0 });
    await sandboxScan(t, scene, newOpenId(), '微信昵称');

    expect((await bind(user.token, scene)).json()).toMatchObject({
      code: 200,
      data: { bound: true, nickName: '微信昵称' },
    });
    const { data } = (await info(user.token)).json();
    expect(data).toMatchObject({ bound: true, nickName: '微信昵称' });
    expect(Math.abs(new Date(data.boundAt).getTime() - clock.now().getTime())).toBeLessThan(5_000);
    expect((await bind(user.token, scene)).statusCode).toBe(409);
  });

  it('refuses a WeChat bound to another user, in both languages, and leaves it where it was', async () => {
    const owner = await createSignedInUser(t);
    const openId = newOpenId();
    await setWechatOf(t.db, owner.userId, openId);
    const other = await createSignedInUser(t);
    const scene = await bindQr(other.token);
    await sandboxScan(t, scene, openId);

    const zh = await bind(other.token, scene);
    expect(zh.statusCode).toBe(409);
    expect(zh.json()).toMatchObject({ code: 409, msg: '该微信已绑定其他用户' });
    expect((await bind(other.token, scene, 'en-US')).json().msg).toBe('This WeChat is already bound to another user');
    expect((await info(other.token)).json().data.bound).toBe(false);
    expect((await info(owner.token)).json().data.bound).toBe(true);
  });

  it("does not let a user bind through another user's bind QR", async () => {
    const asker = await createSignedInUser(t);
    const intruder = await createSignedInUser(t);
    const scene = await bindQr(asker.token);
    await sandboxScan(t, scene, newOpenId());
    expect((await bind(intruder.token, scene)).statusCode).toBe(409);
    expect((await info(intruder.token)).json().data.bound).toBe(false);
    expect((await bind(asker.token, scene)).json().data).toMatchObject({ bound: true });
  });

  it('refuses a bind QR to a user who already has a WeChat bound', async () => {
    const user = await createSignedInUser(t);
    await setWechatOf(t.db, user.userId, newOpenId());
    const response = await t.request({
      method: 'GET',
      url: '/api/auth/qrCodeFirstLogin/getQrCode?purpose=bind',
      token: user.token,
      locale: 'en-US',
    });
    expect(response.json()).toMatchObject({
      code: 409,
      msg: 'Your account already has a WeChat bound; unbind it first',
    });
  });

  it('lets registration bind a claimed identity, refusing one another user holds', async () => {
    const first = await createSignedInUser(t);
    const second = await createSignedInUser(t);
    const identity = { openId: newOpenId(), nickName: 'Reg' };
    const bind = (userId: UserId) => inTransaction(t.db, (tx) => t.services.wechat.bindIdentity(tx, userId, identity));
    await bind(first.userId);
    await bind(first.userId);
    await expect(bind(second.userId)).rejects.toMatchObject({
      status: 409,
      options: { messageKey: 'wechat.boundToAnother' },
    });
    expect((await info(first.token)).json().data).toMatchObject({ bound: true, nickName: 'Reg' });
  });
});

describe('unbinding WeChat', () => {
  it('clears the binding of a user who can still log in by phone or e-mail', async () => {
    const user = await createSignedInUser(t);
    await setWechatOf(t.db, user.userId, newOpenId());
    expect((await unbind(user.token)).json()).toMatchObject({ code: 200 });
    expect((await info(user.token)).json().data).toEqual({ bound: false, nickName: null, boundAt: null });
    expect((await unbind(user.token)).statusCode).toBe(200);
  });

  it('refuses with 422 when WeChat is the only way to log in', async () => {
    const userId = await createUser(t, { nickName: 'wechat only', phone: undefined, email: undefined });
    await setWechatOf(t.db, userId, newOpenId());
    const { token } = await t.services.sessions.create(t.db, userId);
    const response = await unbind(token, 'en-US');
    expect(response.statusCode).toBe(422);
    expect(response.json().msg).toBe(
      'WeChat is your only way to log in; bind a phone number or e-mail before unbinding it',
    );
    expect((await info(token)).json().data.bound).toBe(true);
  });

  it('answers 401 without a token', async () => {
    expect((await t.request({ method: 'POST', url: '/api/auth/user/updateTweChatInfo' })).statusCode).toBe(401);
  });
});
