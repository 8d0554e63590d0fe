import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { accountFlows, PASSWORD, uniqueEmail, uniqueIp, uniquePhone } from '../fixtures/auth-flows.js';

let t: TestApp;
let flows: ReturnType<typeof accountFlows>;
beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA: 'off' });
  flows = accountFlows(t);
});
afterAll(() => t.close());

const isPwd = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/auth/user/getIsPwd', token })).json().data;

const updatePassword = (token: string, payload: Record<string, unknown>, locale?: 'en-US') =>
  t.request({ method: 'PUT', url: '/api/auth/user/upPwd', token, payload, locale });

/** A registered account with two sessions, as if logged in on two devices. */
async function twoDevices() {
  const { phone, token: first } = await flows.registeredPhone({ ip: uniqueIp() });
  const second = (await flows.loginByPassword(phone, PASSWORD)).json().data.access_token as string;
  return { phone, first, second };
}

describe('forgotten password', () => {
  it('sets a new password with a reset code and ends every session of the account', async () => {
    const { phone, first, second } = await twoDevices();
    const code = await flows.code(phone, 'reset', { ip: uniqueIp() });
    const payload = { username: phone, verificationCode: code, password: 'brand-new-1' };
    const response = await t.request({ method: 'POST', url: '/api/auth/user/forgetPassword', payload });
    expect(response.statusCode).toBe(200);
    expect([await flows.sessionStatus(first), await flows.sessionStatus(second)]).toEqual([401, 401]);
    expect((await flows.loginByPassword(phone, PASSWORD)).statusCode).toBe(422);
    expect((await flows.loginByPassword(phone, 'brand-new-1')).statusCode).toBe(200);
  });

  it('answers "not registered" for an unknown account', async () => {
    const payload = { username: uniqueEmail(), verificationCode: '123456', password: 'brand-new-1' };
    const response = await t.request({ method: 'POST', url: '/api/auth/user/forgetPassword', payload });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ msg: '该账号尚未注册，请先注册' });
  });
});

describe('password in the user center', () => {
  it('lets a user without a password set one without the old one', async () => {
    const { token } = await createSignedInUser(t);
    expect(await isPwd(token)).toBe(0);
    expect((await updatePassword(token, { password: 'first-pass-1' })).statusCode).toBe(200);
    expect(await isPwd(token)).toBe(1);
  });

  it('requires the current password when one exists', async () => {
    const { token } = await flows.registeredPhone({ ip: uniqueIp() });
    const missing = await updatePassword(token, { password: 'brand-new-1' }, 'en-US');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ msg: 'The current password is wrong', data: { field: 'oldPassword' } });
    const wrong = await updatePassword(token, { oldPassword: 'not-it-at-all', password: 'brand-new-1' });
    expect(wrong.json()).toMatchObject({ code: 422, msg: '原密码错误' });
  });

  it('keeps the session that changed the password and ends the others', async () => {
    const { phone, first, second } = await twoDevices();
    const response = await updatePassword(first, { oldPassword: PASSWORD, password: 'brand-new-1' });
    expect(response.statusCode).toBe(200);
    expect([await flows.sessionStatus(first), await flows.sessionStatus(second)]).toEqual([200, 401]);
    expect((await flows.loginByPassword(phone, 'brand-new-1')).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/user/getIsPwd' })).statusCode).toBe(401);
  });
});

describe('phone change', () => {
  const updatePhone = (token: string, phonenumber: string, verificationCode: string) =>
    t.request({ method: 'PUT', url: '/api/auth/user/upPhone', token, payload: { phonenumber, verificationCode } });

  it('moves the account to a new phone proven by a code sent to it', async () => {
    const { userId, token } = await createSignedInUser(t);
    const phone = uniquePhone();
    const code = await flows.code(phone, 'phone', { ip: uniqueIp(), token });
    expect((await updatePhone(token, phone, code)).statusCode).toBe(200);
    const rows = await queryRows<{ phone: string }>(t.db, sql`SELECT phone FROM users WHERE id = ${userId}`);
    expect(rows).toEqual([{ phone }]);
  });

  it('refuses a number another account took after the code was sent, with 409', async () => {
    const { token } = await createSignedInUser(t);
    const phone = uniquePhone();
    const code = await flows.code(phone, 'phone', { ip: uniqueIp(), token });
    await flows.registerByPhone(phone, await flows.code(phone, '1', { ip: uniqueIp() }));
    const response = await updatePhone(token, phone, code);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ msg: '该手机号已绑定其他账号' });
  });

  it('refuses a code sent for another purpose', async () => {
    const { token } = await createSignedInUser(t);
    const phone = uniquePhone();
    const code = await flows.code(phone, '1', { ip: uniqueIp() });
    expect((await updatePhone(token, phone, code)).statusCode).toBe(422);
  });
});
