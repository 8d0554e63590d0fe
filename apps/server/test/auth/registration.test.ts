import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { SESSION_SLIDING_MS } from '../../src/modules/sessions/index.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createUser } from '../helpers/factories.js';
import { accountFlows, PASSWORD, uniqueEmail, uniqueIp, uniquePhone } from '../fixtures/auth-flows.js';

let t: TestApp;
let flows: ReturnType<typeof accountFlows>;
beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA: 'off' });
  flows = accountFlows(t);
});
afterAll(() => t.close());

async function userRow(account: string) {
  // Ids as text: the two drivers hand raw int8 back differently.
  const [row] = await queryRows<{ inviter_id: string | null; password_hash: string | null }>(
    t.db,
    sql`SELECT inviter_id::text, password_hash FROM users WHERE phone = ${account} OR email = ${account}`,
  );
  return row;
}

async function invitationCodeOf(userId: bigint) {
  const [row] = await queryRows<{ code: string }>(
    t.db,
    sql`SELECT invitation_code AS code FROM users WHERE id = ${userId}`,
  );
  return row!.code;
}

describe('registration', () => {
  it('registers by phone with the inviter recorded and answers a 30-day token that works', async () => {
    const inviterId = await createUser(t);
    const phone = uniquePhone();
    const code = await flows.code(phone, '1', { ip: uniqueIp() });
    const query = `?invitationCode=${(await invitationCodeOf(inviterId)).toLowerCase()}`;
    const response = await flows.registerByPhone(phone, code, {}, query);
    expect(response.statusCode).toBe(200);
    const { access_token: token, expires_in: expiresIn } = response.json().data;
    expect(expiresIn).toBe(SESSION_SLIDING_MS / 1_000);
    expect(await flows.sessionStatus(token)).toBe(200);
    const row = await userRow(phone);
    expect(row).toMatchObject({
      inviter_id: String(inviterId),
      password_hash: expect.stringMatching(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/),
    });
  });

  it('registers by e-mail in lower case and ignores an unknown invitation code', async () => {
    const email = uniqueEmail();
    const code = await flows.code(email.toUpperCase(), '1', { ip: uniqueIp() });
    const response = await flows.registerByEmail(email.toUpperCase(), code, '?invitationCode=NOSUCH00');
    expect(response.statusCode).toBe(200);
    expect(await userRow(email)).toMatchObject({ inviter_id: null });
    expect((await flows.loginByPassword(email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers 409 when the phone was registered after its code was sent', async () => {
    const phone = uniquePhone();
    const code = await flows.code(phone, '1', { ip: uniqueIp() });
    await createUser(t, { phone });
    const response = await flows.registerByPhone(phone, code);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ msg: '该账号已注册，请直接登录' });
  });

  it('refuses a code sent for another purpose or to another address', async () => {
    const phone = uniquePhone();
    await flows.code(phone, '1', { ip: uniqueIp() });
    const other = uniquePhone();
    const otherCode = await flows.code(other, '1', { ip: uniqueIp() });
    expect((await flows.registerByPhone(phone, otherCode)).statusCode).toBe(422);
    const { phone: registered } = await flows.registeredPhone({ ip: uniqueIp() });
    const loginCode = await flows.code(registered, '2', { ip: uniqueIp() });
    const response = await flows.call({
      method: 'POST',
      url: '/api/auth/user/forgetPassword',
      payload: { username: registered, verificationCode: loginCode, password: 'another-1' },
    });
    expect(response.statusCode).toBe(422);
  });

  it('asks for a password when registering by phone without a WeChat scan', async () => {
    const phone = uniquePhone();
    const code = await flows.code(phone, '1', { ip: uniqueIp() });
    const response = await flows.registerByPhone(phone, code, { password: null }, '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ data: { field: 'password' } });
    expect((await flows.registerByPhone(phone, code)).statusCode).toBe(200);
  });

  it('refuses a WeChat registration whose scan is unknown, and creates no account', async () => {
    const phone = uniquePhone();
    const code = await flows.code(phone, 'bind', { ip: uniqueIp() });
    const response = await flows.registerByPhone(phone, code, { eventKey: 'no-such-scene', password: null });
    expect(response.statusCode).toBe(422);
    expect(await userRow(phone)).toBeUndefined();
  });
});

describe('account lookups and the local flag', () => {
  it('answer 1 for a registered phone or e-mail in any case, else 0', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    const lookup = (url: string) => flows.call({ method: 'GET', url }, { ip: uniqueIp() });
    expect((await lookup(`/api/auth/user/getUserByPhoneNumber?phoneNumber=${phone}`)).json().data).toBe(1);
    expect((await lookup(`/api/auth/user/getUserByPhoneNumber?phoneNumber=${uniquePhone()}`)).json().data).toBe(0);
    const email = uniqueEmail();
    await flows.registerByEmail(email, await flows.code(email, '1', { ip: uniqueIp() }));
    expect((await lookup(`/api/auth/user/getUserByMail?mail=${email.toUpperCase()}`)).json().data).toBe(1);
    expect((await lookup(`/api/auth/user/getUserByMail?mail=${uniqueEmail()}`)).json().data).toBe(0);
  });

  it('defaults to e-mail login outside mainland China, by the country header first, then the language', async () => {
    const flag = async (headers: Record<string, string>) =>
      (await t.request({ method: 'GET', url: '/api/auth/checkLocation', headers })).json().data;
    expect(await flag({})).toBe(0);
    expect(await flag({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).toBe(0);
    expect(await flag({ 'accept-language': 'en-US,en;q=0.9' })).toBe(1);
    expect(await flag({ 'cf-ipcountry': 'US', 'accept-language': 'zh-CN' })).toBe(1);
    expect(await flag({ 'cf-ipcountry': 'CN', 'accept-language': 'en-US' })).toBe(0);
    expect(await flag({ 'x-country-code': 'hk' })).toBe(1);
    expect(await flag({ 'cf-ipcountry': 'XX', 'accept-language': 'ja-JP' })).toBe(1);
  });
});
