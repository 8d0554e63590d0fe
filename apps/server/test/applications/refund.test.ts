import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, money, type Money } from '@suanli/contract';
import { queryRows } from '../../src/db/sql.js';
import { AdjustableClock, FixedClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { giveVoucher } from '../helpers/vouchers.js';
import { ledgerMismatches } from '../helpers/wallets.js';
import { act, advance, computeEnv, createApplication, createRenter, imageIdOf } from './application-helpers.js';

// Issue 19 §2: a prepaid application ended early gives back its unused time, pro rata, less a 5 % fee. The clock
// stands still between advances, so that "the time left" is exact.
let t: TestApp;
let image: string;
beforeAll(async () => {
  const clock = new AdjustableClock(new FixedClock(new Date('2026-11-20T02:00:00Z')));
  t = await buildTestApp(computeEnv(), { clock });
  t.services.applications.reconcileOnChange();
  image = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
});
afterAll(() => t.close());

const FEN = 100n;
const floorFen = (units: bigint) => (units / FEN) * FEN;

async function entries(orderNo: string) {
  return queryRows<{ type: string; amount: string; change: string }>(
    t.db,
    sql`SELECT transaction_type AS type, amount::text, balance_change::text AS change
        FROM ledger_entries WHERE account_kind = 'balance' AND order_no = ${orderNo} ORDER BY id`,
  );
}

async function wallet(token: string) {
  const response = await t.request({ method: 'GET', url: '/api/recharge/order-info/selectBalance', token });
  return response.json().data as { balance: string; voucher: string };
}

const quote = async (token: string, id: string) =>
  (await t.request({ method: 'GET', url: `/api/equipment/deviceServer/destructionQuote/${id}`, token })).json().data;

describe('destroying a prepaid application before its term ends', () => {
  it('refunds the time left less the fee, to vouchers and balance as they paid, once', async () => {
    const renter = await createRenter(t, '100');
    await giveVoucher(t, renter.userId, '10');
    const created = await createApplication(t, renter.token, {
      imageId: image,
      gpuModel: 'RTX 4090',
      gpuCount: 1,
      billingMode: 'day',
    });
    const id = created.json().data.id as string;
    await t.services.applications.settled();
    const [{ orderNo }] = (await queryRows<{ orderNo: string }>(
      t.db,
      sql`SELECT order_no AS "orderNo" FROM applications WHERE id = ${id}`,
    )) as [{ orderNo: string }];
    const [paid] = await entries(orderNo);
    const price = -BigInt(paid!.amount);
    const voucherPaid = price - -BigInt(paid!.change);
    expect(voucherPaid).toBe(100_000n);

    // Six hours of the day used: three quarters come back, less 5 %.
    await advance(t, 360);
    const amount = floorFen((price * 18n) / 24n);
    const fee = ((amount * 5n + 50n * FEN) / (100n * FEN)) * FEN;
    const share = (part: bigint) => floorFen((part * voucherPaid) / price);
    const expected = { amount: formatMoney(money(amount)), fee: formatMoney(money(fee)) };
    expect(await quote(renter.token, id)).toEqual({
      id,
      ...expected,
      refund: formatMoney(money(amount - fee)),
    });

    expect((await act(t, renter.token, 'destruction', id)).statusCode).toBe(200);
    expect((await act(t, renter.token, 'destruction', id)).statusCode).toBe(409);
    await t.services.applications.settled();

    expect(await entries(orderNo)).toEqual([
      paid,
      { type: 'refund', amount: String(amount), change: String(amount - share(amount)) },
      { type: 'refundFee', amount: String(-fee), change: String(-(fee - share(fee))) },
    ]);
    // Its cost is what its order's lines add up to, the refund net of its fee taken off.
    const [cost] = await queryRows<{ spent: string; lines: string }>(
      t.db,
      sql`SELECT spent_units::text AS spent,
            (SELECT (-sum(amount))::text FROM ledger_entries WHERE account_kind = 'balance' AND order_no = ${orderNo}) AS lines
          FROM applications WHERE id = ${id}`,
    );
    expect(cost!.spent).toBe(cost!.lines);
    const balance = 1_000_000n - (price - voucherPaid) + (amount - share(amount)) - (fee - share(fee));
    expect(await wallet(renter.token)).toEqual({
      balance: formatMoney(money(balance) as Money),
      voucher: formatMoney(money(share(amount) - share(fee))),
    });
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('says nothing comes back for an application billed by the minute or whose term is over', async () => {
    const renter = await createRenter(t, '100');
    const rent = (billingMode: string) =>
      createApplication(t, renter.token, { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode });
    const perMinute = (await rent('minute')).json().data.id as string;
    const daily = (await rent('day')).json().data.id as string;
    await t.services.applications.settled();
    await advance(t, 24 * 60 + 1);
    const nothing = { amount: '0.00', fee: '0.00', refund: '0.00' };
    expect(await quote(renter.token, perMinute)).toEqual({ id: perMinute, ...nothing });
    expect(await quote(renter.token, daily)).toEqual({ id: daily, ...nothing });
  });
});
