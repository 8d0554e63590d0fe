import { formatMoney, money } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger.queries.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { fund } from '../helpers/wallets.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const USERS = 5;
const STEPS = 150;

describe('wallet operations in a seeded random order', () => {
  it('leave every balance where a plain model of them says, and the ledger whole', async () => {
    const users = await Promise.all(
      Array.from({ length: USERS }, async (_, index) => {
        const phone = `189${index}${String(Date.now()).slice(-7)}`;
        return { ...(await createSignedInUser(t, { phone })), phone };
      }),
    );
    // The model: balances in cents, no database, no locks.
    const model = users.map(() => 0n);
    const next = seededRandom(42);

    for (let step = 0; step < STEPS; step += 1) {
      const from = Math.floor(next() * USERS);
      const cents = BigInt(1 + Math.floor(next() * 5_000));
      if (next() < 0.3) {
        await fund(t, users[from]!.userId, formatMoney(money(cents * 100n)));
        model[from]! += cents;
        continue;
      }
      const to = (from + 1 + Math.floor(next() * (USERS - 1))) % USERS;
      const response = await t.request({
        method: 'POST',
        url: '/api/recharge/transfer',
        token: users[from]!.token,
        payload: { username: users[to]!.phone, amount: formatMoney(money(cents * 100n)) },
      });
      const covered = model[from]! >= cents;
      expect(response.statusCode, `step ${step}`).toBe(covered ? 200 : 422);
      if (covered) {
        model[from]! -= cents;
        model[to]! += cents;
      }
    }

    const balances = await Promise.all(
      users.map(
        async (user) =>
          (await t.request({ method: 'GET', url: '/api/recharge/order-info/selectBalance', token: user.token })).json()
            .data.balance,
      ),
    );
    expect(balances).toEqual(model.map((cents) => formatMoney(money(cents * 100n))));
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});
