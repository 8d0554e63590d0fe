import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { createOperator } from '../helpers/operators.js';
import { createCodes, redeem } from '../helpers/redeem-codes.js';

// Real PostgreSQL only: twenty redeemers at once need concurrent transactions.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

describe('a redeem code raced by twenty users', () => {
  it('is credited to exactly one of them', async () => {
    const operator = await createOperator(t);
    const [code] = await createCodes(t, operator.token, { amount: '50', count: 1 });
    const users = await Promise.all(Array.from({ length: 20 }, () => createSignedInUser(t)));
    const answers = await Promise.all(users.map((user) => redeem(t, user.token, code!)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(422)]);
    const balances = await Promise.all(
      users.map(
        async (user) =>
          (await t.request({ method: 'GET', url: '/api/recharge/order-info/selectBalance', token: user.token })).json()
            .data.balance,
      ),
    );
    expect(balances.filter((balance) => balance === '50.00')).toHaveLength(1);
    expect(balances.filter((balance) => balance === '0.00')).toHaveLength(19);
  });
});
