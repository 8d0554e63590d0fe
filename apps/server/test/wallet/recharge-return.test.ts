import { money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { cashier, openRecharge } from '../helpers/recharges.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const vouchersOf = async (token: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') =>
  (await t.request({ method: 'GET', url: '/api/recharge/coupon/selectVoucher', token, locale })).json().data.rows;
const promotion = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/recharge/charge/isChargeReturnVoucher', token })).json().data;

describe('the recharge-return promotion', () => {
  it('is active out of the box: 100 yuan earns 5, 500 earns 30, valid 30 days', async () => {
    const { token } = await createSignedInUser(t);
    expect(await promotion(token)).toEqual({
      active: true,
      tiers: [
        { threshold: '100.00', voucherAmount: '5.00', validDays: 30 },
        { threshold: '500.00', voucherAmount: '30.00', validDays: 30 },
      ],
    });
  });

  it('grants the voucher of the highest tier a credited recharge reaches, named in the reader’s language', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 600);
    await cashier(t, orderNo, 'pay');
    const [voucher] = await vouchersOf(token);
    expect(voucher).toMatchObject({ name: '充值返券', amount: '30.00', source: 'rechargeReturn', status: 'normal' });
    expect((Date.parse(voucher.expireTime) - Date.parse(voucher.effectiveTime)) / 86_400_000).toBe(30);
    expect((await vouchersOf(token, 'en-US'))[0].name).toBe('Recharge bonus');
  });

  it('grants one voucher when the credit is delivered twice, and none below the lowest tier', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 100);
    await cashier(t, orderNo, 'pay');
    const again = await t.services.recharge.credit(
      { orderNo, tradeNo: 'AGAIN', amount: money(1_000_000n) },
      'notification',
    );
    expect(again).toBe('duplicate');
    expect((await vouchersOf(token)).map((row: { amount: string }) => row.amount)).toEqual(['5.00']);

    const small = await createSignedInUser(t);
    const { orderNo: smallOrder } = await openRecharge(t, small.token, 99);
    await cashier(t, smallOrder, 'pay');
    expect(await vouchersOf(small.token)).toEqual([]);
  });

  it('grants by the order number once, however often it is asked', async () => {
    const { userId, token } = await createSignedInUser(t);
    const recharge = { userId, orderNo: 'R20260101000000123456', amount: money(5_000_000n) };
    await inTransaction(t.db, async (tx) => {
      await t.services.wallet.grantRechargeReturn(tx, recharge);
      await t.services.wallet.grantRechargeReturn(tx, recharge);
    });
    await inTransaction(t.db, (tx) => t.services.wallet.grantRechargeReturn(tx, recharge));
    expect((await vouchersOf(token)).map((row: { amount: string }) => row.amount)).toEqual(['30.00']);
  });

  it('answers inactive, and grants nothing, when no tier is active', async () => {
    const { token } = await createSignedInUser(t);
    await t.db.execute(sql`UPDATE recharge_return_tiers SET active = false`);
    try {
      expect(await promotion(token)).toEqual({ active: false, tiers: [] });
      const { orderNo } = await openRecharge(t, token, 500);
      await cashier(t, orderNo, 'pay');
      expect(await vouchersOf(token)).toEqual([]);
    } finally {
      await t.db.execute(sql`UPDATE recharge_return_tiers SET active = true`);
    }
  });
});
