import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { accountFlows, PASSWORD, uniqueIp, uniquePhone } from '../fixtures/auth-flows.js';

// Real PostgreSQL only: PGlite is one session and runs everything in order, so it cannot show a race (ARCHITECTURE §4).
let t: TestApp;
let flows: ReturnType<typeof accountFlows>;
beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA: 'off', RATE_LIMIT_PER_MINUTE: '0' });
  flows = accountFlows(t);
});
afterAll(() => t.close());

const statuses = (responses: { statusCode: number }[]) => responses.map((response) => response.statusCode).sort();

describe('one-time codes under concurrency', () => {
  it('counts exactly five of ten parallel wrong guesses and leaves the code dead', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    const code = await flows.code(phone, '2', { ip: uniqueIp() });
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(Array.from({ length: 10 }, () => flows.loginByCode(phone, wrong)));
    expect(statuses(guesses)).toEqual(Array(10).fill(422));
    const [row] = await queryRows<{ failed: number }>(
      t.db,
      sql`SELECT failed_attempts AS failed FROM verification_codes WHERE target = ${phone} AND purpose = '2'`,
    );
    expect(row!.failed).toBe(5);
    const messages = guesses.map((guess) => guess.json().msg as string);
    expect(messages.filter((msg) => msg.startsWith('验证码错误，还可尝试'))).toHaveLength(4);
    expect((await flows.loginByCode(phone, code)).json()).toMatchObject({ msg: '验证码错误次数过多，请重新获取' });
  });

  it('lets one of two parallel registrations of a phone win and answers the other 409', async () => {
    const phone = uniquePhone();
    const code = await flows.code(phone, '1', { ip: uniqueIp() });
    const results = await Promise.all([flows.registerByPhone(phone, code), flows.registerByPhone(phone, code)]);
    expect(statuses(results)).toEqual([200, 409]);
    const users = await queryRows(t.db, sql`SELECT 1 FROM users WHERE phone = ${phone}`);
    expect(users).toHaveLength(1);
  });

  it('answers 409 to a phone change that loses the race for a number to a registration', async () => {
    const { phone: current, token } = await flows.registeredPhone({ ip: uniqueIp() });
    const phone = uniquePhone();
    const changeCode = await flows.code(phone, 'phone', { ip: uniqueIp(), token });
    const oldPhoneCode = await flows.code(current, 'oldPhone', { ip: uniqueIp(), token });
    const registerCode = await flows.code(phone, '1', { ip: uniqueIp() });
    const results = await Promise.all([
      flows.registerByPhone(phone, registerCode),
      t.request({
        method: 'PUT',
        url: '/api/auth/user/upPhone',
        token,
        payload: { phonenumber: phone, verificationCode: changeCode, oldPhoneCode },
      }),
    ]);
    expect(statuses(results)).toEqual([200, 409]);
  });

  it('sends one code of two parallel requests for the same phone and purpose', async () => {
    const phone = uniquePhone();
    const results = await Promise.all([
      flows.sendCode(phone, '1', { ip: uniqueIp() }),
      flows.sendCode(phone, '1', { ip: uniqueIp() }),
    ]);
    expect(statuses(results)).toEqual([200, 422]);
    expect(await flows.outbox(phone)).toHaveLength(1);
  });

  it('lets no more than 10 of 20 parallel wrong passwords be tried against one account', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () => flows.loginByPassword(phone, 'wrong-password', { locale: 'en-US' })),
    );
    const messages = attempts.map((attempt) => attempt.json().msg as string);
    expect(messages.filter((msg) => msg === 'Wrong account or password')).toHaveLength(10);
    expect((await flows.loginByPassword(phone, PASSWORD)).statusCode).toBe(422);
  });
});
