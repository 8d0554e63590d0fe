import { ENDPOINTS } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock, FixedClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { uniqueEmail, uniqueIp } from '../fixtures/auth-flows.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(() => t.close());

describe('rate limiting', () => {
  it('answers a flood from one address with a 429 envelope in the caller language', async () => {
    const statuses = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await t.request({ method: 'GET', url: '/api/healthz' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const response = await t.request({ method: 'GET', url: '/api/healthz', locale: 'en-US' });
    expect(response.json()).toMatchObject({ code: 429, msg: 'Too many requests, please try again later' });
  });
});

describe("an endpoint's own limit (the contract's rateLimitPerMinute) on several instances", () => {
  it('counts the calls every instance answered: the 21st lookup of a minute is refused, wherever it lands', async () => {
    const clock = new AdjustableClock(new FixedClock(new Date('2026-11-27T08:00:00Z')));
    const first = await buildTestApp({ CAPTCHA: 'off' }, { clock });
    const others = [
      await buildTestApp({ CAPTCHA: 'off' }, { clock, testDatabase: first.testDatabase }),
      await buildTestApp({ CAPTCHA: 'off' }, { clock, testDatabase: first.testDatabase }),
    ];
    const instances = [first, ...others];
    try {
      const ip = uniqueIp();
      const lookup = (instance: TestApp, remoteAddress = ip) =>
        instance.request({
          method: 'GET',
          url: `/api/auth/user/getUserByMail?mail=${uniqueEmail()}`,
          remoteAddress,
          locale: 'en-US',
        });
      const statuses = [];
      for (let call = 0; call < 21; call += 1) {
        statuses.push((await lookup(instances[call % 3]!)).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(20).fill(200), 429]);
      expect((await lookup(instances[1]!)).json()).toMatchObject({ code: 429 });
      expect((await lookup(instances[2]!, uniqueIp())).statusCode).toBe(200);
      clock.advance(1);
      expect((await lookup(instances[1]!)).statusCode).toBe(200);
    } finally {
      for (const instance of others) {
        await instance.close();
      }
      await first.close();
    }
  });
});

describe('the endpoint table', () => {
  it('has a registered route for every endpoint the contract declares', () => {
    for (const endpoint of ENDPOINTS) {
      expect(t.app.hasRoute({ method: endpoint.method, url: `/api${endpoint.path}` }), endpoint.id).toBe(true);
    }
  });
});
