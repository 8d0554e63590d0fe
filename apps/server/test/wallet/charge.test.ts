import { money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '../../src/db/ids.js';
import { inTransaction } from '../../src/db/transaction.js';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger-check.queries.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { charge, giveVoucher } from '../helpers/vouchers.js';
import { countGrowth, fund } from '../helpers/wallets.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const get = async (token: string, url: string) => (await t.request({ method: 'GET', url: `/api${url}`, token })).json();
const balanceOf = (token: string) => get(token, '/recharge/order-info/selectBalance').then((body) => body.data);
const openVouchers = async (token: string, list = 'selectVoucher') =>
  (await get(token, `/recharge/coupon/${list}`)).data.rows.map((row: { name: string; balance: string }) => [
    row.name,
    row.balance,
  ]);
const ledger = async (token: string) =>
  (await get(token, '/recharge/order-info/selectIncomeExpense')).data.rows.map(
    (row: { transactionType: string; amount: string; actualAmount: string }) => [
      row.transactionType,
      row.amount,
      row.actualAmount,
    ],
  );

async function customer(balance: string) {
  const user = await createSignedInUser(t);
  if (balance !== '0') {
    await fund(t, user.userId, balance);
  }
  return user;
}

describe('a charge', () => {
  it('spends vouchers earliest expiry first, then the balance, with one ledger entry each', async () => {
    const { userId, token } = await customer('10');
    await giveVoucher(t, userId, '3', { validDays: 10 });
    await giveVoucher(t, userId, '2', { validDays: 5 });

    const first = await charge(t, userId, '4', { orderNo: 'A-first' });
    expect(first).toEqual({ voucherPaid: money(40_000n), balancePaid: money(0n), balance: money(100_000n) });
    expect(await openVouchers(token)).toEqual([['Test 3', '1.00']]);
    expect(await openVouchers(token, 'selectOverCoupon')).toEqual([['Test 2', '0.00']]);

    const second = await charge(t, userId, '3', { orderNo: 'A-second' });
    expect(second).toEqual({ voucherPaid: money(10_000n), balancePaid: money(20_000n), balance: money(80_000n) });
    expect(await balanceOf(token)).toEqual({ balance: '8.00', voucher: '0.00' });
    expect(await ledger(token)).toEqual([
      ['appOrder', '3.00', '2.00'],
      ['appOrder', '4.00', '0.00'],
      ['recharge', '10.00', '10.00'],
    ]);
    const paid = await t.services.wallet.voucherPaidFor(t.db, userId, ['A-first', 'A-second', 'A-none']);
    expect(Object.fromEntries(paid)).toEqual({ 'A-first': money(40_000n), 'A-second': money(10_000n) });
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('spends coupons only on GPU application orders, and no voucher when told not to', async () => {
    const { userId, token } = await customer('10');
    await giveVoucher(t, userId, '5', { kind: 'coupon' });

    expect((await charge(t, userId, '2', { transactionType: 'dataStorage' })).voucherPaid).toBe(0n);
    expect((await charge(t, userId, '2', { vouchers: false })).voucherPaid).toBe(0n);
    expect(await openVouchers(token, 'selectCoupon')).toEqual([['Test 5', '5.00']]);
    expect((await charge(t, userId, '2')).voucherPaid).toBe(20_000n);
    expect(await openVouchers(token, 'selectCoupon')).toEqual([['Test 5', '3.00']]);
    expect(await balanceOf(token)).toEqual({ balance: '6.00', voucher: '0.00' });
  });

  it('never spends an expired voucher, even before the expiry job has marked it', async () => {
    const { userId, token } = await customer('10');
    await giveVoucher(t, userId, '5', { validDays: 1 });
    expect((await balanceOf(token)).voucher).toBe('5.00');
    (t.clock as AdjustableClock).advance(24 * 60);
    try {
      expect(await balanceOf(token)).toEqual({ balance: '10.00', voucher: '0.00' });
      expect(await charge(t, userId, '1')).toMatchObject({ voucherPaid: 0n, balancePaid: 10_000n });
      const ended = (await get(token, '/recharge/coupon/selectOverCoupon')).data.rows;
      expect(ended).toEqual([expect.objectContaining({ name: 'Test 5', balance: '5.00', status: 'invalid' })]);
    } finally {
      (t.clock as AdjustableClock).advance(-24 * 60);
    }
  });

  it('refuses what vouchers and balance cannot cover and changes nothing, even in a transaction that goes on', async () => {
    const { userId, token } = await customer('1');
    await giveVoucher(t, userId, '2');
    const refused = { status: 422, options: { messageKey: 'wallet.insufficientBalance', field: 'amount' } };

    await expect(charge(t, userId, '3.01')).rejects.toMatchObject(refused);
    await inTransaction(t.db, async (tx) => {
      await expect(charge({ db: tx, services: t.services }, userId, '5')).rejects.toMatchObject(refused);
    });

    expect(await balanceOf(token)).toEqual({ balance: '1.00', voucher: '2.00' });
    expect(await ledger(token)).toEqual([['recharge', '1.00', '1.00']]);
    expect(await t.services.wallet.voucherPaidFor(t.db, userId, ['x'])).toEqual(new Map());
    expect((await get(token, '/recharge/vip/selectVip')).data.growthValue).toBe(0);
    expect(await charge(t, userId, '3')).toMatchObject({ voucherPaid: 20_000n, balancePaid: 10_000n, balance: 0n });
  });
});

describe('VIP growth from charges', () => {
  /** The grade as the console reads it once the charges' consumption is published and counted (within the minute or two). */
  const vip = async (token: string) => {
    await countGrowth(t);
    return (await get(token, '/recharge/vip/selectVip')).data;
  };

  it('counts a point per whole yuan of balance, exactly, over a thousand charges of 0.01 yuan', async () => {
    const { userId, token } = await customer('20');
    for (let index = 0; index < 1_000; index += 1) {
      await charge(t, userId, '0.01');
    }
    expect(await vip(token)).toMatchObject({ vipGrade: 0, growthValue: 10, growthTarget: 300 });
    expect(await balanceOf(token)).toEqual({ balance: '10.00', voucher: '0.00' });
  });

  it('does not count what vouchers paid, and steps up a grade at 300', async () => {
    const { userId, token } = await customer('400');
    await giveVoucher(t, userId, '50');
    await charge(t, userId, '50');
    await charge(t, userId, '299.99');
    expect(await vip(token)).toMatchObject({ vipGrade: 0, growthValue: 299, discountBasisPoints: 10_000 });
    expect((await t.services.users.vipDiscount(userId)).discountBasisPoints).toBe(10_000);

    await charge(t, userId, '0.01');
    const grade1 = { vipGrade: 1, growthValue: 300, growthTarget: 3_000, discountBasisPoints: 9_800 };
    expect(await vip(token)).toMatchObject(grade1);
    expect((await get(token, '/auth/user/getUserInfo')).data.vip).toEqual(grade1);
    expect((await t.services.users.vipDiscount(userId)).discountBasisPoints).toBe(9_800);
  });

  it('publishes what was spent once: a second publication finds nothing new and counts nothing twice', async () => {
    const { userId, token } = await customer('10');
    await charge(t, userId, '2.50');
    expect(await vip(token)).toMatchObject({ growthValue: 2 });
    expect(await inTransaction(t.db, (tx) => t.services.wallet.publishConsumption(tx))).toBe(0);
    await charge(t, userId, '0.50');
    expect(await inTransaction(t.db, (tx) => t.services.wallet.publishConsumption(tx))).toBe(1);
    await t.drainEvents();
    expect(await vip(token)).toMatchObject({ growthValue: 3 });
  });

  it('answers the table of grades as configured', async () => {
    const { token } = await customer('0');
    expect((await vip(token)).grades).toEqual([
      { grade: 0, growthThreshold: 0, discountBasisPoints: 10_000 },
      { grade: 1, growthThreshold: 300, discountBasisPoints: 9_800 },
      { grade: 2, growthThreshold: 3_000, discountBasisPoints: 9_500 },
      { grade: 3, growthThreshold: 10_000, discountBasisPoints: 9_000 },
    ]);
  });

  it('never lowers a grade given otherwise, and a user unknown to it has no discount', async () => {
    const { userId, token } = await customer('5');
    await t.db.execute(sql`UPDATE users SET vip_grade = 2 WHERE id = ${userId}`);
    await charge(t, userId, '5');
    expect(await vip(token)).toMatchObject({ vipGrade: 2, growthValue: 5, growthTarget: 10_000 });
    expect((await t.services.users.vipDiscount(999_999_999n as UserId)).discountBasisPoints).toBe(10_000);
  });
});
