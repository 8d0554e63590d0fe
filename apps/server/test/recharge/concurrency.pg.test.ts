import { money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger-check.queries.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { cashier, openRecharge } from '../helpers/recharges.js';

// Real PostgreSQL only: the races below need concurrent transactions, which PGlite cannot run.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

async function rechargeEntries(orderNo: string) {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM ledger_entries WHERE account_kind = 'balance' AND order_no = ${orderNo}`,
  );
  return row!.n;
}

describe('a payment reported many times at once', () => {
  it('credits once when its notification is delivered ten times concurrently', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 100);
    const notice = { orderNo, tradeNo: 'WX-RACE-1', amount: money(1_000_000n) };
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => t.services.recharge.credit(notice, 'notification')),
    );
    expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(9);
    expect(await rechargeEntries(orderNo)).toBe(1);
  });

  it('credits once when the cashier, the query job and a cancel race for the same payment', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 25);
    await cashier(t, orderNo, 'pay', false);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => cashier(t, orderNo, 'pay')),
      t.request({ method: 'POST', url: `/api/recharge/api/wx-pay/cancel/${orderNo}`, token }),
      t.request({ method: 'POST', url: '/api/dev/clock', payload: { advanceMinutes: 2 } }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(await rechargeEntries(orderNo)).toBe(1);
    const balance = (await t.request({ method: 'GET', url: '/api/recharge/order-info/selectBalance', token })).json()
      .data.balance;
    expect(balance).toBe('25.00');
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});
