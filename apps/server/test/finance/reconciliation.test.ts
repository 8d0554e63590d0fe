import { money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../src/jobs/business-time.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { createOperator } from '../helpers/operators.js';
import { advance, cashier, openRecharge } from '../helpers/recharges.js';
import { paidRecharge } from './finance-helpers.js';

let t: TestApp;
let finance: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  finance = await createOperator(t, ['finance']);
});
afterAll(() => t.close());

const reconciliations = async (query = '') => {
  const url = `/api/admin/finance/reconciliations${query}`;
  return (await t.request({ method: 'GET', url, token: finance.token })).json().data;
};

describe("the daily reconciliation of the providers' clearing", () => {
  it('compares each channel’s clearing with the orders paid that day once it is over, and lists the differences', async () => {
    const day = localDay(t.clock.now(), 'Asia/Shanghai');
    await paidRecharge(t, 100);
    await paidRecharge(t, 50);
    await paidRecharge(t, 30, 'alipay');
    // Seeded differences. Credited without the provider having taken it: a paid order the provider did not clear.
    const user = await createSignedInUser(t);
    const unknown = await openRecharge(t, user.token, 20);
    await t.services.recharge.credit(
      { orderNo: unknown.orderNo, tradeNo: 'WX-NOT-CLEARED', amount: money(200_000n) },
      'notification',
    );
    // Taken by the provider, while the order was closed unpaid here: a payment no paid order answers.
    const lost = await openRecharge(t, user.token, 10);
    await cashier(t, lost.orderNo, 'pay', false);
    await t.db.execute(sql`UPDATE recharge_orders SET status = 'closed' WHERE order_no = ${lost.orderNo}`);
    // Paid 30 at the provider, 31 on the order.
    const changed = await paidRecharge(t, 30);
    await t.db.execute(sql`UPDATE recharge_orders SET amount = 310000 WHERE order_no = ${changed.orderNo}`);

    expect((await reconciliations()).rows.filter((row: { day: string }) => row.day === day)).toEqual([]);
    await advance(t, 24 * 60);
    await advance(t, 1);

    const rows = (await reconciliations()).rows.filter((row: { day: string }) => row.day === day);
    expect(rows).toEqual([
      {
        day,
        channel: 'alipay',
        status: 'done',
        matchedCount: 1,
        matchedAmount: '30.00',
        missingAtProvider: [],
        missingAsOrders: [],
        mismatches: [],
      },
      {
        day,
        channel: 'wechat',
        status: 'done',
        matchedCount: 2,
        matchedAmount: '150.00',
        missingAtProvider: [{ orderNo: unknown.orderNo, amount: '20.00' }],
        missingAsOrders: [{ orderNo: lost.orderNo, tradeNo: expect.stringMatching(/^SANDBOX/), amount: '10.00' }],
        mismatches: [{ orderNo: changed.orderNo, orderAmount: '31.00', providerAmount: '30.00' }],
      },
    ]);
    const differences = await reconciliations('?differencesOnly=true');
    expect(differences).toMatchObject({ total: 1, rows: [{ day, channel: 'wechat' }] });
  });
});
