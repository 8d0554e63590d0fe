import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { accountFlows, enterNextWindow, uniqueIp } from '../fixtures/auth-flows.js';

// Real PostgreSQL only: PGlite runs one statement at a time and cannot show a race (ARCHITECTURE §4). Two
// instances on one database, as behind the load balancer, each with its own connection pool.
const ENV = { CAPTCHA: 'off', RATE_LIMIT_PER_MINUTE: '0' };
let t: TestApp;
let other: TestApp;
let instances: ReturnType<typeof accountFlows>[];
beforeAll(async () => {
  t = await buildTestApp(ENV);
  other = await buildTestApp(ENV, { clock: t.clock, testDatabase: t.testDatabase });
  instances = [accountFlows(t), accountFlows(other)];
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('parallel wrong passwords for one account from one address', () => {
  it('judge at most 10 of 20 sent at once to two instances, and refuse the rest as too many failures', async () => {
    const { phone } = await instances[0]!.registeredPhone({ ip: uniqueIp() });
    enterNextWindow(t.clock as AdjustableClock, 15 * 60_000);
    const attacker = { ip: uniqueIp(), locale: 'en-US' as const };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        instances[index % 2]!.loginByPassword(phone, 'wrong-password', attacker),
      ),
    );
    const messages = answers.map((answer) => `${answer.statusCode} ${answer.json().msg}`);
    const judged = messages.filter((message) => message === '422 Wrong account or password');
    const refused = messages.filter((message) =>
      /^422 Too many failed attempts, please try again in 1?\d minutes$/.test(message),
    );
    expect(judged.length, messages.join('\n')).toBeLessThanOrEqual(10);
    expect(judged.length + refused.length, messages.join('\n')).toBe(20);
  });
});
