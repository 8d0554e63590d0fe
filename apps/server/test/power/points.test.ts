import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger-check.queries.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { balanceOf, buyPoints, ledgerOf, pointsOf } from '../helpers/power-points.js';
import { fund } from '../helpers/wallets.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60_000;

async function fundedUser(yuan: string) {
  const user = await createSignedInUser(t);
  await fund(t, user.userId, yuan);
  return user;
}

describe('buying power points with balance', () => {
  it('takes exactly the amount from the balance and gives 100 points a yuan, valid 31 days', async () => {
    const { token } = await fundedUser('100');
    const before = t.clock.now().getTime();
    const response = await buyPoints(t, token, '30');
    expect(response.statusCode).toBe(200);
    const bought = response.json().data;
    expect(bought).toMatchObject({ amount: '30.00', points: 3_000, balance: '70.00', pointsBalance: 3_000 });
    expect(bought.orderNo).toMatch(/^P\d{20}$/);
    expect(Date.parse(bought.expireTime) - before).toBeGreaterThanOrEqual(31 * DAY_MS);
    expect(Date.parse(bought.expireTime) - before).toBeLessThan(31 * DAY_MS + 60_000);

    expect(await balanceOf(t, token)).toBe('70.00');
    const overview = await pointsOf(t, token);
    expect(overview.pointsBalance).toBe(3_000);
    expect(overview.lots).toEqual([
      expect.objectContaining({ orderNo: bought.orderNo, package: null, points: 3_000, remaining: 3_000 }),
    ]);
    expect(overview.rows).toEqual([
      expect.objectContaining({ kind: 'powerPointByBalance', points: 3_000, orderNo: bought.orderNo, package: null }),
    ]);
  });

  it('writes one powerPointByBalance expense in the income and expense list, under the order number', async () => {
    const { token } = await fundedUser('50');
    const { orderNo } = (await buyPoints(t, token, '12')).json().data;
    const ledger = await ledgerOf(t, token);
    expect(ledger).toHaveLength(2);
    expect(ledger[0]).toMatchObject({
      orderNo,
      transactionType: 'powerPointByBalance',
      amount: '12.00',
      balance: '38.00',
    });
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('refuses more than the balance with 422 and changes nothing', async () => {
    const { token } = await fundedUser('9.99');
    const response = await buyPoints(t, token, '10', { locale: 'en-US' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 422, msg: 'Insufficient balance', data: { field: 'amount' } });
    expect(await balanceOf(t, token)).toBe('9.99');
    expect(await ledgerOf(t, token)).toHaveLength(1);
    expect(await pointsOf(t, token)).toMatchObject({ pointsBalance: 0, lots: [], rows: [], total: 0 });
  });

  it('refuses anything but a whole amount from 1 to 5000 yuan with 400, naming the amount', async () => {
    const { token } = await fundedUser('6000');
    for (const amount of ['0', '5001', '10.5', 'abc', '-1', '']) {
      const response = await buyPoints(t, token, amount, { locale: 'en-US' });
      expect(response.statusCode, amount).toBe(400);
      expect(response.json().data.field, amount).toBe('amount');
      expect(response.json().msg, amount).toContain('amount');
    }
    const zh = await buyPoints(t, token, '0.5');
    expect(zh.json().msg).toContain('请输入 1 至 5000 之间的整数金额（元）');
    expect(await balanceOf(t, token)).toBe('6000.00');
    expect((await buyPoints(t, token, '5000')).json().data).toMatchObject({ points: 500_000, balance: '1000.00' });
  });

  it('needs a session', async () => {
    expect(
      (await t.request({ method: 'POST', url: '/api/recharge/charge/chargeHashrateByBalance?amount=1' })).statusCode,
    ).toBe(401);
  });
});

describe('a retried purchase', () => {
  it('replays the first answer for the same Idempotency-Key, and refuses the key with another amount', async () => {
    const { token } = await fundedUser('100');
    const headers = { 'idempotency-key': randomUUID() };
    const first = await buyPoints(t, token, '20', { headers });
    const retry = await buyPoints(t, token, '20', { headers });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());

    const other = await buyPoints(t, token, '21', { headers });
    expect(other.statusCode).toBe(409);
    expect(await balanceOf(t, token)).toBe('80.00');
    expect((await pointsOf(t, token)).pointsBalance).toBe(2_000);
  });
});
