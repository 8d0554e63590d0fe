import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { statementOf, sumOf, unfootedRows } from '../helpers/statements.js';
import { ledgerMismatches } from '../helpers/wallets.js';
import { advance, createApplication, createRenter, listApplications, startComputeApp } from './application-helpers.js';

// Whole fen (issue 19 §3): a VIP 1 customer pays 98 % of 2.28 an hour, 2.2344, which is no amount of money.
let t: TestApp;
let image: string;
beforeAll(async () => ({ t, image } = await startComputeApp()));
afterAll(() => t.close());

async function vipRenter() {
  const renter = await createRenter(t, '100');
  await t.db.execute(sql`UPDATE users SET vip_grade = 1 WHERE id = ${renter.userId}`);
  return renter;
}

const rowOf = async (token: string, id: string) =>
  (await listApplications(t, token, '?pageSize=100')).rows.find((row) => row.id === id)!;

const storedAmounts = (orderNo: string) =>
  queryRows<{ amount: string }>(
    t.db,
    sql`SELECT amount::text FROM ledger_entries WHERE account_kind = 'balance' AND order_no = ${orderNo}`,
  );

describe('money in whole fen', () => {
  it('quotes per-minute renting at the price the application is then billed at, to the fen', async () => {
    const renter = await vipRenter();
    const offers = await t.request({
      method: 'GET',
      url: `/api/equipment/deviceServer/availableGpuConfig?imageId=${image}`,
      token: renter.token,
    });
    const offer = (offers.json().data as { gpuModel: string; pricePerHour: string }[]).find(
      (each) => each.gpuModel === 'RTX 4090',
    );
    expect(offer?.pricePerHour).toBe('2.23');
    const quote = await t.request({
      method: 'GET',
      url: '/api/recharge/charge/getGpuPrice?gpuModel=RTX%204090&billingMode=minute',
      token: renter.token,
    });
    expect(quote.json().data.price).toBe('2.23');

    const rent = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' };
    const { id } = (await createApplication(t, renter.token, rent)).json().data;
    await t.services.applications.settled();
    expect((await rowOf(renter.token, id)).hourlyPrice).toBe('2.23');

    await advance(t, 1);
    await advance(t, 6);
    const row = await rowOf(renter.token, id);
    // Seven minutes at 2.23 an hour are 0.26017: 0.26, in lines of whole fen that say what moved.
    expect(row.cost).toBe('0.26');
    const lines = await statementOf(t, renter.token, row.orderNo as string);
    expect(sumOf(lines)).toBe(2_600n);
    expect((await storedAmounts(row.orderNo as string)).every((line) => BigInt(line.amount) % 100n === 0n)).toBe(true);
    expect(unfootedRows(await statementOf(t, renter.token))).toEqual([]);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('debits a prepaid rental exactly the price its quote showed', async () => {
    const renter = await vipRenter();
    const quote = await t.request({
      method: 'GET',
      url: '/api/recharge/charge/getGpuPrice?gpuModel=RTX%204090&billingMode=day&duration=1',
      token: renter.token,
    });
    // 54.72 × 95 % × 98 % = 50.94432.
    expect(quote.json().data.price).toBe('50.94');
    const rent = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'day', duration: 1 };
    const { id } = (await createApplication(t, renter.token, rent)).json().data;
    const row = await rowOf(renter.token, id);
    expect(await storedAmounts(row.orderNo as string)).toEqual([{ amount: '-509400' }]);
    expect(row.cost).toBe('50.94');
    const statement = await statementOf(t, renter.token);
    expect(statement.map((line) => line.balance)).toEqual(['100.00', '49.06']);
    expect(unfootedRows(statement)).toEqual([]);
  });
});
