import { money, type Money } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '../../src/db/ids.js';
import { inTransaction } from '../../src/db/transaction.js';
import { priceOf, type Settlement, type UsageRecord } from '../../src/modules/wallet/index.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { giveVoucher } from '../helpers/vouchers.js';
import { balanceOf, fund, ledgerMismatches } from '../helpers/wallets.js';

// The wallet's one metering path (decision 0024), settled in transactions as the billing modules do, on the real app.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const MINUTE_MS = 60_000;
const START = new Date('2026-11-25T04:00:00Z');

async function customer(balance: string) {
  const user = await createSignedInUser(t);
  if (balance !== '0') {
    await fund(t, user.userId, balance);
  }
  return user;
}

let orders = 0;
const orderNo = () => `M-${(orders += 1)}-${Math.random().toString(36).slice(2, 8)}`;

/** GPU minutes at an hourly price, `billed` of them billed before under the same order. */
const minutes = (userId: UserId, order: string, hourly: Money, due: number, billed = 0): UsageRecord => ({
  userId,
  product: 'gpuTime',
  unit: 'minute',
  quantity: due,
  rate: { price: hourly, per: 60 },
  billed,
  period: {
    from: new Date(START.getTime() + billed * MINUTE_MS),
    to: new Date(START.getTime() + (billed + due) * MINUTE_MS),
  },
  orderNo: order,
  shortfall: 'partial',
});

/** A day of a data disk of `gb` GB at 0.007 yuan a GB-day, with what is owed from before. */
const diskDay = (userId: UserId, order: string, gb: number, owed: Money, billed = 0): UsageRecord => ({
  userId,
  product: 'dataDisk',
  unit: 'gbDay',
  quantity: gb,
  rate: { price: money(70n), per: 1 },
  billed,
  period: { from: START, to: new Date(START.getTime() + 24 * 60 * MINUTE_MS) },
  orderNo: order,
  shortfall: 'owe',
  owed,
});

const settle = (records: UsageRecord[]) =>
  inTransaction(t.db, (tx) => t.services.wallet.settle(tx, records)) as Promise<Settlement[]>;

async function ledger(token: string) {
  const response = await t.request({
    method: 'GET',
    url: '/api/recharge/order-info/selectIncomeExpense?pageSize=50',
    token,
  });
  return response
    .json()
    .data.rows.filter((row: { transactionType: string }) => row.transactionType !== 'recharge')
    .map((row: { transactionType: string; amount: string; actualAmount: string }) => [
      row.transactionType,
      row.amount,
      row.actualAmount,
    ]);
}

describe('pricing usage', () => {
  it('carries each unit’s remainder, so that N units cost round(price × N / per) in lines of whole fen', async () => {
    const { userId, token } = await customer('10');
    const order = orderNo();
    // 0.7777 an hour, a minute at a time: 0.7777 × 137 / 60 = 1.77574…, 1.78 in all.
    const lines: Money[] = [];
    for (let minute = 0; minute < 137; minute += 1) {
      const [settled] = await settle([minutes(userId, order, money(7_777n), 1, minute)]);
      lines.push(settled!.amount);
    }
    expect(lines.filter((line) => line % 100n !== 0n)).toEqual([]);
    expect(lines.reduce((sum, line) => sum + line, 0n)).toBe(17_800n);
    expect(priceOf({ price: money(7_777n), per: 60 }, 0, 137)).toBe(money(17_800n));
    expect(await balanceOf(t, token)).toBe('8.22');

    // 0.007 a GB-day, one GB-day at a time: 15 of them are 0.105, 0.11 in all, never a line of a fraction of a fen.
    const disk = orderNo();
    let paid = money(0n);
    for (let day = 0; day < 15; day += 1) {
      const [settled] = await settle([diskDay(userId, disk, 1, money(0n), day)]);
      paid = money(paid + settled!.amount);
    }
    expect(paid).toBe(money(1_100n));
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('usage the funds do not cover', () => {
  it('bills the units they pay, vouchers first, and says where the paid units end', async () => {
    const { userId, token } = await customer('0.50');
    await giveVoucher(t, userId, '0.50');
    const order = orderNo();

    // An hour at 2.28 costs 2.28; 1.00 pays 26 minutes (0.99), not 27 (1.03).
    const [settled] = await settle([minutes(userId, order, money(22_800n), 60)]);
    expect(settled).toMatchObject({
      quantity: 26,
      amount: money(9_900n),
      spendable: money(100n),
      nextUnitCovered: false,
    });
    expect(settled!.paidUntil).toEqual(new Date(START.getTime() + 26 * MINUTE_MS));
    expect(await ledger(token)).toEqual([['appOrder', '0.99', '0.49']]);
  });

  it('settles a batch set-based for owners who can pay, and one by one for the others', async () => {
    const [rich, poor] = [await customer('100'), await customer('0.10')];
    const settled = await settle([
      minutes(rich.userId, orderNo(), money(22_800n), 10),
      minutes(poor.userId, orderNo(), money(22_800n), 10),
      minutes(rich.userId, orderNo(), money(7_777n), 10),
    ]);
    expect(settled.map((each) => [each.quantity, each.amount, each.spendable, each.nextUnitCovered])).toEqual([
      [10, money(3_800n), money(994_900n), true],
      [2, money(800n), money(200n), false],
      [10, money(1_300n), money(994_900n), true],
    ]);
    expect(await ledger(rich.token)).toEqual([
      ['appOrder', '0.13', '0.13'],
      ['appOrder', '0.38', '0.38'],
    ]);
    expect(await ledger(poor.token)).toEqual([['appOrder', '0.08', '0.08']]);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('is owed when the record says so, and paid with the next day once the wallet can', async () => {
    const { userId, token } = await customer('0');
    const order = orderNo();

    const [owing] = await settle([diskDay(userId, order, 150, money(0n))]);
    expect(owing).toMatchObject({ quantity: 0, amount: money(0n), owed: money(10_500n) });
    expect(await ledger(token)).toEqual([]);

    await fund(t, userId, '5');
    const [paid] = await settle([diskDay(userId, order, 150, owing!.owed)]);
    expect(paid).toMatchObject({ quantity: 150, amount: money(21_000n), owed: money(0n), spendable: money(29_000n) });
    expect(await ledger(token)).toEqual([['dataDiskExpansion', '2.10', '2.10']]);
  });
});

describe('low-balance warnings', () => {
  it('tell the user once per level, by the burn the caller reports, and again after a top-up', async () => {
    const { userId, token } = await customer('0');
    // What an hour of the user's running usage costs, as the applications module would report it.
    const hourlyBurns = async () => new Map([[userId, money(22_800n)]]);
    const warn = async (spendable: bigint) => {
      await inTransaction(t.db, (tx) =>
        t.services.wallet.warnLow(tx, new Map([[userId, money(spendable)]]), { now: t.clock.now(), hourlyBurns }),
      );
      await t.app.scheduler.tick();
    };
    const warnings = async () => {
      const response = await t.request({
        method: 'GET',
        url: '/api/system/inform/getAllInform?pageSize=50',
        token,
        locale: 'en-US',
      });
      return response
        .json()
        .data.rows.map((notice: { content: string }) => notice.content)
        .filter((content: string) => content.startsWith('Your balance is down to'));
    };

    await warn(20_000n);
    expect(await warnings()).toEqual([expect.stringContaining('2.00 yuan')]);
    await warn(19_000n);
    expect(await warnings()).toHaveLength(1);
    // Below ten minutes' worth (0.38): once more, and not again below it.
    await warn(3_000n);
    await warn(2_000n);
    expect(await warnings()).toHaveLength(2);
    // A top-up above the hour clears it; falling below again warns again.
    await warn(30_000n);
    await warn(20_000n);
    expect(await warnings()).toHaveLength(3);
  });
});
