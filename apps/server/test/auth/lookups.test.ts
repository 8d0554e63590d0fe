import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { enterNextWindow, uniqueIp, uniquePhone } from '../fixtures/auth-flows.js';

// Without the per-minute plugin limit (20 a minute on lookups), so that the database's hourly count is what refuses.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA: 'off', RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

describe('account lookups', () => {
  it('answer at most 60 an hour to one address, counted in the database', async () => {
    enterNextWindow(t.clock as AdjustableClock, 60 * 60_000);
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
    }
    const refused = await lookup(ip);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ msg: 'Too many lookups, please try again later' });
    expect((await lookup(uniqueIp())).statusCode).toBe(200);
    enterNextWindow(t.clock as AdjustableClock, 60 * 60_000);
    expect((await lookup(ip)).statusCode).toBe(200);
  });
});
