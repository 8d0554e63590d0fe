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

  it('refuses a new password equal to the current one, naming the field in the caller’s language', async () => {
    const { phone, token } = await flows.registeredPhone({ ip: uniqueIp() });
    const same = await updatePassword(token, { oldPassword: PASSWORD, password: PASSWORD }, 'en-US');
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({
      msg: 'The new password must differ from the current password',
      data: { field: 'password' },
    });
    expect((await updatePassword(token, { oldPassword: PASSWORD, password: PASSWORD })).json()).toMatchObject({
      code: 422,
      msg: '新密码不能与原密码相同',
    });
    expect((await flows.loginByPassword(phone, PASSWORD)).statusCode).toBe(200);
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
  const updatePhone = (token: string, payload: Record<string, string>, locale?: 'en-US') =>
    t.request({ method: 'PUT', url: '/api/auth/user/upPhone', token, payload, locale });
  /** The code the console asks for: sent to the signed-in user's current phone, whatever number the body names. */
  const oldPhoneCode = async (phone: string, token: string) => {
    const sent = await flows.call(
      { method: 'POST', url: '/api/auth/msm/send', payload: { type: 'oldPhone' } },
      { ip: uniqueIp(), token },
    );
    expect(sent.statusCode).toBe(200);
    return (await flows.outbox(phone))[0]!.code;
  };
  const phoneOf = async (userId: bigint) =>
    (await queryRows<{ phone: string | null }>(t.db, sql`SELECT phone FROM users WHERE id = ${userId}`))[0]!.phone;

  it('moves the account to a new phone proven by a code sent to it and one sent to the current phone', async () => {
    const phone = uniquePhone();
    const { userId, token } = await createSignedInUser(t, { phone });
    const newPhone = uniquePhone();
    const code = await flows.code(newPhone, 'phone', { ip: uniqueIp(), token });
    const payload = { phonenumber: newPhone, verificationCode: code, oldPhoneCode: await oldPhoneCode(phone, token) };
    expect((await updatePhone(token, payload)).statusCode).toBe(200);
    expect(await phoneOf(userId)).toBe(newPhone);
  });

  it('keeps the phone of an account whose session was stolen, without a code from the current phone', async () => {
    const phone = uniquePhone();
    const { userId, token } = await createSignedInUser(t, { phone });
    const thief = uniquePhone();
    const code = await flows.code(thief, 'phone', { ip: uniqueIp(), token });
    const missing = await updatePhone(token, { phonenumber: thief, verificationCode: code }, 'en-US');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      msg: 'Please enter the code sent to your current phone',
      data: { field: 'oldPhoneCode' },
    });
    const guessed = await updatePhone(token, { phonenumber: thief, verificationCode: code, oldPhoneCode: '123456' });
    expect(guessed.statusCode).toBe(422);
    expect(guessed.json()).toMatchObject({ data: { field: 'oldPhoneCode' } });
    expect(await phoneOf(userId)).toBe(phone);
  });

  it('does not take the new phone code, or a code of another purpose, as the current phone code', async () => {
    const phone = uniquePhone();
    const { userId, token } = await createSignedInUser(t, { phone });
    const newPhone = uniquePhone();
    const code = await flows.code(newPhone, 'phone', { ip: uniqueIp(), token });
    const reused = await updatePhone(token, { phonenumber: newPhone, verificationCode: code, oldPhoneCode: code });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ data: { field: 'oldPhoneCode' } });
    const resetCode = await flows.code(phone, 'reset', { ip: uniqueIp() });
    const payload = { phonenumber: newPhone, verificationCode: code, oldPhoneCode: resetCode };
    expect((await updatePhone(token, payload)).statusCode).toBe(422);
    expect(await phoneOf(userId)).toBe(phone);
  });

  it('keeps the new phone code usable when the current phone code was wrong', async () => {
    const phone = uniquePhone();
    const { userId, token } = await createSignedInUser(t, { phone });
    const newPhone = uniquePhone();
    const code = await flows.code(newPhone, 'phone', { ip: uniqueIp(), token });
    const right = await oldPhoneCode(phone, token);
    const wrong = right === '000000' ? '111111' : '000000';
    expect(
      (await updatePhone(token, { phonenumber: newPhone, verificationCode: code, oldPhoneCode: wrong })).statusCode,
    ).toBe(422);
    expect(
      (await updatePhone(token, { phonenumber: newPhone, verificationCode: code, oldPhoneCode: right })).statusCode,
    ).toBe(200);
    expect(await phoneOf(userId)).toBe(newPhone);
  });

  it('binds a first phone to an account without one on the code sent to it alone', async () => {
    const { userId, token } = await createSignedInUser(t, { phone: undefined });
    const phone = uniquePhone();
    const code = await flows.code(phone, 'phone', { ip: uniqueIp(), token });
    expect((await updatePhone(token, { phonenumber: phone, verificationCode: code })).statusCode).toBe(200);
    expect(await phoneOf(userId)).toBe(phone);
  });

  it("sends a current-phone code only to the signed-in user's own phone, whatever number is named", async () => {
    const { phone: victim } = await flows.registeredPhone({ ip: uniqueIp() });
    const phone = uniquePhone();
    const { token } = await createSignedInUser(t, { phone });
    const aimed = await flows.sendCode(victim, 'oldPhone', { ip: uniqueIp(), token });
    expect(aimed.statusCode).toBe(200);
    // The victim's outbox holds its registration code only; the code went to the signed-in user's phone.
    expect(await flows.outbox(victim)).toHaveLength(1);
    expect(await flows.outbox(phone)).toHaveLength(1);
    expect((await flows.sendCode(victim, 'oldPhone', { ip: uniqueIp() })).statusCode).toBe(401);
    const { token: withoutPhone } = await createSignedInUser(t, { phone: undefined });
    const none = await flows.sendCode(uniquePhone(), 'oldPhone', {
      ip: uniqueIp(),
      token: withoutPhone,
      locale: 'en-US',
    });
    expect(none.json()).toMatchObject({ code: 422, msg: 'Your account has no phone number yet' });
  });

  it('refuses a number another account took after the code was sent, with 409', async () => {
    const { token } = await createSignedInUser(t, { phone: undefined });
    const phone = uniquePhone();
    const code = await flows.code(phone, 'phone', { ip: uniqueIp(), token });
    await flows.registerByPhone(phone, await flows.code(phone, '1', { ip: uniqueIp() }));
    const response = await updatePhone(token, { phonenumber: phone, verificationCode: code });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ msg: '该手机号已绑定其他账号' });
  });

  it('refuses a code sent for another purpose', async () => {
    const { token } = await createSignedInUser(t, { phone: undefined });
    const phone = uniquePhone();
    const code = await flows.code(phone, '1', { ip: uniqueIp() });
    expect((await updatePhone(token, { phonenumber: phone, verificationCode: code })).statusCode).toBe(422);
  });
});
