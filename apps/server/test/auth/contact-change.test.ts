import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { accountFlows, uniqueEmail, uniqueIp, uniquePhone } from '../fixtures/auth-flows.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

let t: TestApp;
let flows: ReturnType<typeof accountFlows>;
beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA: 'off' });
  flows = accountFlows(t);
});
afterAll(() => t.close());

const updatePhone = (token: string, payload: Record<string, string>) =>
  t.request({ method: 'PUT', url: '/api/auth/user/upPhone', token, payload, locale: 'en-US' });
const updateEmail = (token: string, payload: Record<string, string>) =>
  t.request({ method: 'PUT', url: '/api/auth/user/upEmail', token, payload, locale: 'en-US' });
const emailOf = async (userId: bigint) =>
  (await queryRows<{ email: string | null }>(t.db, sql`SELECT email FROM users WHERE id = ${userId}`))[0]!.email;

/** The code for the signed-in user's current e-mail: the body names no address. */
async function oldEmailCode(email: string, token: string) {
  const sent = await flows.call(
    { method: 'POST', url: '/api/auth/email/send', payload: { type: 'oldEmail' } },
    { ip: uniqueIp(), token },
  );
  expect(sent.statusCode).toBe(200);
  return (await flows.outbox(email))[0]!.code;
}

describe('the number the account already has', () => {
  it("is called the current number, not another account's, when a code is asked for it", async () => {
    const phone = uniquePhone();
    const { token } = await createSignedInUser(t, { phone });
    const own = await flows.sendCode(phone, 'phone', { ip: uniqueIp(), token, locale: 'en-US' });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ msg: 'This is already your current phone number', data: { field: 'phone' } });

    const { token: other } = await createSignedInUser(t);
    const taken = await flows.sendCode(phone, 'phone', { ip: uniqueIp(), token: other, locale: 'en-US' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('This phone number is already bound to another account');
  });

  it('is called the current number when the change names it', async () => {
    const phone = uniquePhone();
    const { token } = await createSignedInUser(t, { phone });
    const response = await updatePhone(token, {
      phonenumber: phone,
      verificationCode: '123456',
      oldPhoneCode: '123456',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      msg: 'This is already your current phone number',
      data: { field: 'phonenumber' },
    });
  });
});

describe('e-mail binding and change', () => {
  it('binds a first e-mail to an account without one on the code sent to it alone', async () => {
    const { userId, token } = await createSignedInUser(t, { email: undefined });
    const email = uniqueEmail();
    const code = await flows.code(email, 'email', { ip: uniqueIp(), token });
    expect((await updateEmail(token, { email: email.toUpperCase(), emailCode: code })).statusCode).toBe(200);
    expect(await emailOf(userId)).toBe(email);
    expect((await flows.loginByCode(email, await flows.code(email, '2', { ip: uniqueIp() }))).statusCode).toBe(200);
  });

  it('changes the e-mail only with a code from the current address as well as the new one', async () => {
    const email = uniqueEmail();
    const { userId, token } = await createSignedInUser(t, { email });
    const next = uniqueEmail();
    const code = await flows.code(next, 'email', { ip: uniqueIp(), token });

    const without = await updateEmail(token, { email: next, emailCode: code });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ data: { field: 'oldEmailCode' } });
    const wrong = await updateEmail(token, { email: next, emailCode: code, oldEmailCode: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ data: { field: 'oldEmailCode' } });
    expect(await emailOf(userId)).toBe(email);

    const changed = await updateEmail(token, {
      email: next,
      emailCode: code,
      oldEmailCode: await oldEmailCode(email, token),
    });
    expect(changed.statusCode).toBe(200);
    expect(await emailOf(userId)).toBe(next);
  });

  it('sends a current-address code only to the signed-in user own e-mail, and needs a session', async () => {
    const email = uniqueEmail();
    const { token } = await createSignedInUser(t, { email });
    const victim = uniqueEmail();
    const aimed = await flows.sendCode(victim, 'oldEmail', { ip: uniqueIp(), token });
    expect(aimed.statusCode).toBe(200);
    expect(await flows.outbox(victim)).toEqual([]);
    expect((await flows.outbox(email))[0]?.code).toMatch(/^\d{6}$/);
    expect((await flows.sendCode(victim, 'oldEmail', { ip: uniqueIp() })).statusCode).toBe(401);
    expect((await flows.sendCode(victim, 'email', { ip: uniqueIp() })).statusCode).toBe(401);
  });

  it("says an address is the current one, or another account's, and refuses e-mail purposes by SMS", async () => {
    const email = uniqueEmail();
    const { token } = await createSignedInUser(t, { email });
    const own = await flows.sendCode(email, 'email', { ip: uniqueIp(), token, locale: 'en-US' });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ msg: 'This is already your current e-mail address', data: { field: 'email' } });
    const same = await updateEmail(token, { email, emailCode: '123456', oldEmailCode: '123456' });
    expect(same.json()).toMatchObject({ code: 409, data: { field: 'email' } });

    const { token: other } = await createSignedInUser(t);
    const taken = await flows.sendCode(email, 'email', { ip: uniqueIp(), token: other, locale: 'en-US' });
    expect(taken.json()).toMatchObject({ code: 409, msg: 'This e-mail address is bound to another account' });

    const bySms = await flows.sendCode(uniquePhone(), 'email', { ip: uniqueIp(), token });
    expect(bySms.statusCode).toBe(400);
  });
});
