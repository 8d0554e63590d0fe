import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createUser } from '../helpers/factories.js';
import { accountFlows, enterNextWindow, PASSWORD, uniqueEmail, uniqueIp, uniquePhone } from '../fixtures/auth-flows.js';

let t: TestApp;
let clock: AdjustableClock;
let flows: ReturnType<typeof accountFlows>;
beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA: 'off' });
  clock = t.clock as AdjustableClock;
  flows = accountFlows(t);
});
afterAll(() => t.close());

async function lastLoginAt(phone: string) {
  const [row] = await queryRows<{ at: string }>(
    t.db,
    sql`SELECT extract(epoch FROM last_login_at) * 1000 AS at FROM users WHERE phone = ${phone}`,
  );
  return Number(row!.at);
}

/** The parts of a refusal a caller can compare: status, code, message and field (requestId differs). */
const answerOf = async (
  response: Promise<{ statusCode: number; json(): { code: number; msg: string; data: object } }>,
) => {
  const { statusCode, json } = await response;
  const { code, msg, data } = json();
  return { statusCode, code, msg, field: (data as { field?: string }).field };
};

describe('login', () => {
  it('logs in by password with the phone, records the time and answers a working token', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    const registeredAt = await lastLoginAt(phone);
    clock.advance(10);
    const response = await flows.loginByPassword(phone, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(await flows.sessionStatus(response.json().data.access_token)).toBe(200);
    expect((await lastLoginAt(phone)) - registeredAt).toBeGreaterThanOrEqual(10 * 60_000);
  });

  it('logs in by password with the e-mail in any case', async () => {
    const email = uniqueEmail();
    await flows.registerByEmail(email, await flows.code(email, '1', { ip: uniqueIp() }));
    expect((await flows.loginByPassword(email.toUpperCase(), PASSWORD)).statusCode).toBe(200);
  });

  it('logs in by a login code sent to the phone or the e-mail', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    const response = await flows.loginByCode(phone, await flows.code(phone, '2', { ip: uniqueIp() }));
    expect(response.statusCode).toBe(200);
    expect(await flows.sessionStatus(response.json().data.access_token)).toBe(200);
    const email = uniqueEmail();
    await flows.registerByEmail(email, await flows.code(email, '1', { ip: uniqueIp() }));
    const byMail = await flows.loginByCode(email, await flows.code(email, '2', { ip: uniqueIp() }));
    expect(byMail.statusCode).toBe(200);
  });

  it('answers a login code for an unknown account with "not registered"', async () => {
    const response = await flows.loginByCode(uniquePhone(), '123456', { locale: 'en-US' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ msg: 'This account is not registered, please register first' });
  });

  it('answers an unknown account, an account without a password and a wrong password alike', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    const withoutPassword = uniquePhone();
    await createUser(t, { phone: withoutPassword });
    const answers = [
      await answerOf(flows.loginByPassword(uniquePhone(), PASSWORD, { locale: 'en-US' })),
      await answerOf(flows.loginByPassword(withoutPassword, PASSWORD, { locale: 'en-US' })),
      await answerOf(flows.loginByPassword(phone, 'wrong-password', { locale: 'en-US' })),
    ];
    expect(answers[0]).toEqual({ statusCode: 422, code: 422, msg: 'Wrong account or password', field: undefined });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('refuses an address for the rest of its 15-minute window after 10 failures there, even with the right password', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    enterNextWindow(clock, 15 * 60_000);
    for (let failure = 0; failure < 10; failure += 1) {
      expect((await flows.loginByPassword(phone, 'wrong-password')).json().msg, `failure ${failure + 1}`).toBe(
        '账号或密码错误',
      );
    }
    clock.advance(4);
    const locked = await flows.loginByPassword(phone, PASSWORD, { locale: 'en-US' });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({ msg: 'Too many failed attempts, please try again in 10 minutes' });
    enterNextWindow(clock, 15 * 60_000);
    expect((await flows.loginByPassword(phone, PASSWORD)).statusCode).toBe(200);
  });

  it('lets the right password in from another address while one address is locked out of the account', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    enterNextWindow(clock, 15 * 60_000);
    const attacker = { ip: uniqueIp(), locale: 'en-US' as const };
    for (let failure = 0; failure < 10; failure += 1) {
      await flows.loginByPassword(phone, 'wrong-password', attacker);
    }
    expect((await flows.loginByPassword(phone, PASSWORD, attacker)).json()).toMatchObject({
      code: 422,
      msg: 'Too many failed attempts, please try again in 14 minutes',
    });
    expect((await flows.loginByPassword(phone, PASSWORD, { ip: uniqueIp() })).statusCode).toBe(200);
    expect((await flows.loginByPassword(phone, PASSWORD, attacker)).statusCode).toBe(422);
  });

  it('refuses everyone after 100 failures spread over many addresses, until the window ends', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    enterNextWindow(clock, 15 * 60_000);
    for (let address = 0; address < 20; address += 1) {
      const ip = uniqueIp();
      for (let failure = 0; failure < 5; failure += 1) {
        expect((await flows.loginByPassword(phone, 'wrong-password', { ip })).json().msg).toBe('账号或密码错误');
      }
    }
    const elsewhere = await flows.loginByPassword(phone, PASSWORD, { ip: uniqueIp(), locale: 'en-US' });
    // A hundred password checks take a while on a busy machine, so the minutes left in the window may be fewer.
    expect(elsewhere.json()).toMatchObject({
      code: 422,
      msg: expect.stringMatching(/^Too many failed attempts, please try again in 1?\d minutes$/),
    });
    enterNextWindow(clock, 15 * 60_000);
    expect((await flows.loginByPassword(phone, PASSWORD, { ip: uniqueIp() })).statusCode).toBe(200);
  }, 120_000);

  it('starts the failure count again after a successful login', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    enterNextWindow(clock, 15 * 60_000);
    for (let failure = 0; failure < 9; failure += 1) {
      await flows.loginByPassword(phone, 'wrong-password');
    }
    expect((await flows.loginByPassword(phone, PASSWORD)).statusCode).toBe(200);
    for (let failure = 0; failure < 9; failure += 1) {
      await flows.loginByPassword(phone, 'wrong-password');
    }
    expect((await flows.loginByPassword(phone, PASSWORD)).statusCode).toBe(200);
  });
});
