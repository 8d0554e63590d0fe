import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { balanceOf, fund, ledgerMismatches } from '../helpers/wallets.js';
import {
  act,
  advance,
  createApplication,
  createRenter,
  listApplications,
  noticesOf,
  startComputeApp,
  statusOf,
} from './application-helpers.js';

// Per-minute billing through the scheduler and the test clock, with real workspaces.
let t: TestApp;
let image: string;
beforeAll(async () => ({ t, image } = await startComputeApp()));
afterAll(() => t.close());

async function runningApp(token: string, gpuModel = 'RTX 4090') {
  const rent = { imageId: image, gpuModel, gpuCount: 1, billingMode: 'minute' };
  const { id } = (await createApplication(t, token, rent)).json().data;
  await t.services.applications.settled();
  return id as string;
}

const rowOf = async (token: string, id: string) =>
  (await listApplications(t, token, '?pageSize=100')).rows.find((row) => row.id === id)!;

const chargesOf = (orderNo: string) =>
  queryRows<{ amount: string }>(
    t.db,
    sql`SELECT amount::text FROM ledger_entries WHERE account_kind = 'balance' AND order_no = ${orderNo} ORDER BY id`,
  );

const informsOf = async (token: string) => (await noticesOf(t, token)).map((notice) => notice.content);

describe('an application billed by the minute', () => {
  it('pays exactly the minutes it ran, under its order, and nothing while stopped', async () => {
    const renter = await createRenter(t, '100');
    const id = await runningApp(renter.token);
    expect((await rowOf(renter.token, id)).hourlyPrice).toBe('2.28');

    await advance(t, 10);
    const row = await rowOf(renter.token, id);
    // 2.28 an hour: ten minutes are 0.38.
    expect(row.cost).toBe('0.38');
    expect(await balanceOf(t, renter.token)).toBe('99.62');
    expect((await chargesOf(row.orderNo as string)).map((entry) => entry.amount)).toEqual(['-3800']);
    expect(row.billedMinutes).toBe(10);
    // Its bill lines are the ledger entries of its order, which the income and expense list filters by.
    const lines = await t.request({
      method: 'GET',
      url: `/api/recharge/order-info/selectIncomeExpense?orderNo=${row.orderNo}`,
      token: renter.token,
    });
    expect(lines.json().data).toMatchObject({ total: 1, rows: [{ orderNo: row.orderNo, amount: '0.38' }] });

    // Stopped just after the tenth minute: the eleventh, started while it ran, counts whole; nothing after it.
    await act(t, renter.token, 'stop', id);
    await t.services.applications.settled();
    await advance(t, 30);
    expect((await rowOf(renter.token, id)).cost).toBe('0.42');
    expect((await rowOf(renter.token, id)).billedMinutes).toBe(11);
    expect(await balanceOf(t, renter.token)).toBe('99.58');
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('warns its owner once below an hour of running, once more below ten minutes, and again after a top-up', async () => {
    const renter = await createRenter(t, '2.00');
    await runningApp(renter.token);
    const lowBalanceNotices = async () =>
      (await informsOf(renter.token)).filter((content) => content.startsWith('Your balance is down to'));

    await advance(t, 1);
    // 2.00 less one minute of 2.28 an hour covers less than an hour.
    expect(await lowBalanceNotices()).toEqual([expect.stringContaining('1.96 yuan')]);
    await advance(t, 5);
    expect(await lowBalanceNotices()).toHaveLength(1);
    // Below 0.38, ten minutes' worth, after 43 minutes.
    await advance(t, 37);
    expect(await lowBalanceNotices()).toHaveLength(2);

    await fund(t, renter.userId, '100');
    await advance(t, 1);
    expect(await lowBalanceNotices()).toHaveLength(2);
  });

  it('is stopped, and its owner told, when balance and vouchers cannot pay the next minute', async () => {
    // 2.28 an hour is 0.038 a minute: 0.40 pays the ten minutes a start needs, not an eleventh.
    const renter = await createRenter(t, '0.40');
    const id = await runningApp(renter.token);
    await advance(t, 9);
    expect(await statusOf(t, renter.token, id)).toBe('running');
    await advance(t, 1);
    expect(await statusOf(t, renter.token, id)).toBe('stopped');
    expect((await rowOf(renter.token, id)).cost).toBe('0.38');
    expect(await balanceOf(t, renter.token)).toBe('0.02');

    expect((await informsOf(renter.token)).some((content) => content.includes('insufficient balance'))).toBe(true);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
