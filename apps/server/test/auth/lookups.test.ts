import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { accountFlows, enterNextWindow, PASSWORD, uniqueEmail, uniqueIp, uniquePhone } from '../fixtures/auth-flows.js';

// Without the per-minute plugin limit (20 a minute on lookups), so that the database's hourly count is what refuses.
let t: TestApp;
let flows: ReturnType<typeof accountFlows>;
beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA: 'off', RATE_LIMIT_PER_MINUTE: '0' });
  flows = accountFlows(t);
});
afterAll(() => t.close());

const HOUR_MS = 60 * 60_000;
const LOOKUP_LIMIT = 'Too many lookups, please try again later';

/** Moves on a minute after every 20 lookups, the most an address has in a minute, so that the hourly limit shows. */
const nextMinuteAfter20 = (count: number) => {
  if (count % 20 === 19) {
    (t.clock as AdjustableClock).advance(1);
  }
};

describe('account lookups', () => {
  it('answer at most 60 an hour to one address, counted in the database', async () => {
    enterNextWindow(t.clock as AdjustableClock, HOUR_MS);
    const ip = uniqueIp();
    const lookup = (remoteAddress: string) =>
      t.request({
        method: 'GET',
        url: `/api/auth/user/getUserByPhoneNumber?phoneNumber=${uniquePhone()}`,
        remoteAddress,
        locale: 'en-US',
      });
    for (let count = 0; count < 60; count += 1) {
      expect((await lookup(ip)).statusCode, `lookup ${count + 1}`).toBe(200);
      nextMinuteAfter20(count);
    }
    const refused = await lookup(ip);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ msg: LOOKUP_LIMIT });
    expect((await lookup(uniqueIp())).statusCode).toBe(200);
    enterNextWindow(t.clock as AdjustableClock, HOUR_MS);
    expect((await lookup(ip)).statusCode).toBe(200);
  });
});

describe('account lookups in one minute', () => {
  it('answer at most 20 to one address, and more the next minute', async () => {
    enterNextWindow(t.clock as AdjustableClock, 60_000);
    const ip = uniqueIp();
    const lookup = () =>
      t.request({
        method: 'GET',
        url: `/api/auth/user/getUserByMail?mail=${uniqueEmail()}`,
        remoteAddress: ip,
        locale: 'en-US',
      });
    for (let count = 0; count < 20; count += 1) {
      expect((await lookup()).statusCode, `lookup ${count + 1}`).toBe(200);
    }
    expect((await lookup()).json()).toMatchObject({ code: 422, msg: LOOKUP_LIMIT });
    (t.clock as AdjustableClock).advance(1);
    expect((await lookup()).statusCode).toBe(200);
  });
});

describe('an address the lookup endpoints refuse for the minute', () => {
  it('learns nothing from a login code either: a registered and an unknown e-mail get the same answer', async () => {
    // With the per-minute rate limit of the lookup endpoints on, as in production.
    const limited = await buildTestApp({ CAPTCHA: 'off' }, { testDatabase: t.testDatabase });
    try {
      const limitedFlows = accountFlows(limited);
      const registered = uniqueEmail();
      await limitedFlows.registerByEmail(registered, await limitedFlows.code(registered, '1', { ip: uniqueIp() }));
      enterNextWindow(limited.clock as AdjustableClock, 60_000);
      const caller = { ip: uniqueIp(), locale: 'en-US' as const };
      const lookup = () =>
        limitedFlows.call({ method: 'GET', url: `/api/auth/user/getUserByMail?mail=${uniqueEmail()}` }, caller);
      for (let count = 0; count < 20; count += 1) {
        expect((await lookup()).statusCode, `lookup ${count + 1}`).toBe(200);
      }
      expect((await lookup()).statusCode).toBe(429);
      const answerOf = async (account: string) => {
        const response = await limitedFlows.loginByCode(account, '123456', caller);
        const { code, msg, data } = response.json();
        return { status: response.statusCode, code, msg, field: data.field };
      };
      const known = await answerOf(registered);
      expect(known).toEqual({ status: 422, code: 422, msg: LOOKUP_LIMIT, field: undefined });
      expect(await answerOf(uniqueEmail())).toEqual(known);
    } finally {
      await limited.close();
    }
  });
});

describe('every answer that tells whether an account exists', () => {
  /** Each call that would answer differently for a registered and an unknown account, from one address. */
  async function revealingCalls(account: string, ip: string, token: string) {
    const byPhone = !account.includes('@');
    const caller = { ip, locale: 'en-US' as const };
    const call = (options: Parameters<TestApp['request']>[0]) => flows.call(options, caller);
    const answers: [string, LightMyRequestResponse][] = [
      [
        'lookup',
        await call({
          method: 'GET',
          url: byPhone
            ? `/api/auth/user/getUserByPhoneNumber?phoneNumber=${account}`
            : `/api/auth/user/getUserByMail?mail=${account}`,
        }),
      ],
      ['loginByCode', await flows.loginByCode(account, '123456', caller)],
      [
        'forgetPassword',
        await call({
          method: 'POST',
          url: '/api/auth/user/forgetPassword',
          payload: { username: account, verificationCode: '123456', password: PASSWORD },
        }),
      ],
      [
        'register',
        byPhone
          ? await call({
              method: 'POST',
              url: '/api/auth/user/registerClient',
              payload: { phonenumber: account, password: PASSWORD, verificationCode: '123456' },
            })
          : await call({
              method: 'POST',
              url: '/api/auth/user/registerByEmail',
              payload: { mail: account, password: PASSWORD, emailCode: '123456' },
            }),
      ],
    ];
    for (const type of byPhone ? ['1', '2', 'reset', 'phone'] : ['1', '2', 'reset']) {
      answers.push([`send ${type}`, await flows.sendCode(account, type, { ...caller, token })]);
    }
    return answers;
  }

  it.each(['e-mail', 'phone'] as const)(
    'count against the lookup limit for an account named by %s, once getUserByMail has used it up',
    async (kind) => {
      enterNextWindow(t.clock as AdjustableClock, HOUR_MS);
      const { phone: registeredPhone } = await flows.registeredPhone({ ip: uniqueIp() });
      const registeredEmail = uniqueEmail();
      await flows.registerByEmail(registeredEmail, await flows.code(registeredEmail, '1', { ip: uniqueIp() }));
      const { token } = await createSignedInUser(t);
      const ip = uniqueIp();
      for (let count = 0; count < 60; count += 1) {
        const lookup = await flows.call(
          { method: 'GET', url: `/api/auth/user/getUserByMail?mail=${uniqueEmail()}` },
          { ip },
        );
        expect(lookup.statusCode, `lookup ${count + 1}`).toBe(200);
        nextMinuteAfter20(count);
      }
      const accounts = kind === 'phone' ? [registeredPhone, uniquePhone()] : [registeredEmail, uniqueEmail()];
      for (const account of accounts) {
        for (const [call, answer] of await revealingCalls(account, ip, token)) {
          expect(answer.statusCode, `${call} for ${account}`).toBe(422);
          expect(answer.json().msg, `${call} for ${account}`).toBe(LOOKUP_LIMIT);
        }
      }
    },
  );
});
