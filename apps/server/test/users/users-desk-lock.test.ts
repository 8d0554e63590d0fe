import { translate } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFlows, PASSWORD, uniqueIp } from '../fixtures/auth-flows.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { newOpenId, pollLogin, requestQr, sandboxScan, setWechatOf } from '../wechat/wechat-helpers.js';
import { desk } from './users-desk-helpers.js';

let t: TestApp;
let flows: ReturnType<typeof accountFlows>;
beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA: 'off', RATE_LIMIT_PER_MINUTE: '0' });
  flows = accountFlows(t);
});
afterAll(() => t.close());

const LOCKED = {
  'en-US': translate('en-US', 'auth.accountLocked'),
  'zh-CN': translate('zh-CN', 'auth.accountLocked'),
};

const operator = () => createOperator(t, ['support']);

/** The account's id as the desk finds it by its phone. */
async function userIdOf(token: string, phone: string) {
  const { rows } = (await desk(t, token).search({ q: phone })).json().data as { rows: { userId: string }[] };
  return BigInt(rows[0]!.userId);
}

describe('locking an account from the users desk', () => {
  it('ends its sessions at once and refuses every login in both languages until it is unlocked', async () => {
    const { phone, token } = await flows.registeredPhone({ ip: uniqueIp() });
    const second = (await flows.loginByPassword(phone, PASSWORD)).json().data.access_token as string;
    const support = await operator();
    const userId = await userIdOf(support.token, phone);
    const openId = newOpenId();
    await setWechatOf(t.db, userId, openId);

    const locked = await desk(t, support.token).lock(userId, 'card fraud');
    expect(locked.json()).toMatchObject({ code: 200, data: { userId: String(userId), state: 'locked' } });
    expect(await flows.sessionStatus(token)).toBe(401);
    expect(await flows.sessionStatus(second)).toBe(401);

    for (const locale of ['en-US', 'zh-CN'] as const) {
      const byPassword = await flows.loginByPassword(phone, PASSWORD, { locale });
      expect(byPassword.statusCode).toBe(403);
      expect(byPassword.json()).toMatchObject({ code: 403, msg: LOCKED[locale] });
    }
    const byCode = await flows.loginByCode(phone, await flows.code(phone, '2', { ip: uniqueIp() }), {
      locale: 'en-US',
    });
    expect(byCode.statusCode).toBe(403);
    expect(byCode.json()).toMatchObject({ msg: LOCKED['en-US'] });
    const { data: qr } = await requestQr(t);
    await sandboxScan(t, qr.sceneStr, openId);
    const byWechat = await pollLogin(t, qr.sceneStr, 'zh-CN');
    expect(byWechat.statusCode).toBe(403);
    expect(byWechat.json()).toMatchObject({ msg: LOCKED['zh-CN'] });

    const detail = (await desk(t, support.token).detail(userId)).json().data;
    expect(detail.user).toMatchObject({ state: 'locked', lockedReason: 'card fraud' });

    expect((await desk(t, support.token).unlock(userId, 'cleared by the bank')).json()).toMatchObject({
      data: { state: 'active' },
    });
    const again = await flows.loginByPassword(phone, PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(await flows.sessionStatus(again.json().data.access_token)).toBe(200);
    const { data: unlockedQr } = await requestQr(t);
    await sandboxScan(t, unlockedQr.sceneStr, openId);
    expect((await pollLogin(t, unlockedQr.sceneStr)).json()).toMatchObject({ code: 200 });

    expect(await auditRowsOf(t, support.userId)).toEqual([
      expect.objectContaining({
        area: 'support',
        action: 'users.lock',
        target: `user:${userId}`,
        reason: 'card fraud',
        before: { lockedAt: null },
      }),
      expect.objectContaining({ action: 'users.unlock', reason: 'cleared by the bank', after: { lockedAt: null } }),
    ]);
  });

  it('answers 409 to locking a locked account and to unlocking an active one, in the caller’s language', async () => {
    const user = await createSignedInUser(t);
    const support = await operator();
    const unlocked = await desk(t, support.token).unlock(user.userId, 'by mistake', 'en-US');
    expect(unlocked.statusCode).toBe(409);
    expect(unlocked.json()).toMatchObject({ msg: translate('en-US', 'usersDesk.notLocked') });
    expect((await desk(t, support.token).lock(user.userId)).statusCode).toBe(200);
    const twice = await desk(t, support.token).lock(user.userId, 'again', 'zh-CN');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ msg: translate('zh-CN', 'usersDesk.alreadyLocked') });
    expect(await auditRowsOf(t, support.userId)).toHaveLength(1);
  });

  it('refuses a lock without a reason (400 naming the field) and an unknown account (404)', async () => {
    const user = await createSignedInUser(t);
    const support = await operator();
    const noReason = await desk(t, support.token).lock(user.userId, '  ', 'en-US');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ data: { field: 'reason' } });
    expect(await flows.sessionStatus(user.token)).toBe(200);
    const unknown = await desk(t, support.token).lock(999_999_999n, 'fraud', 'en-US');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ msg: translate('en-US', 'usersDesk.userNotFound') });
  });
});
