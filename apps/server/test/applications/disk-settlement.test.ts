import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { balanceOf, fund, ledgerMismatches } from '../helpers/wallets.js';
import {
  advance,
  createApplication,
  createRenter,
  listApplications,
  noticesOf,
  startComputeApp,
  statusOf,
} from './application-helpers.js';

// The daily data-disk settlement through the scheduler and the test clock, with real workspaces.
let t: TestApp;
let image: string;
beforeAll(async () => ({ t, image } = await startComputeApp()));
afterAll(() => t.close());

const nextDay = () => advance(t, 24 * 60);

const informsOf = async (token: string) => (await noticesOf(t, token)).map((notice) => notice.title);

const diskCharges = (orderNo: string) =>
  queryRows<{ amount: string }>(
    t.db,
    sql`SELECT amount::text FROM ledger_entries WHERE account_kind = 'balance' AND order_no = ${orderNo} AND transaction_type = 'dataDiskExpansion'`,
  );

describe('an expanded data disk', () => {
  it('pays 0.007 yuan a GB each day, runs into arrears without money, and is cleared after a notice above 10 yuan', async () => {
    // A year of one RTX 3060 prepaid takes the whole balance: 0.78 × 8760 hours × 75 %.
    const renter = await createRenter(t, '5124.60');
    const rent = { imageId: image, gpuModel: 'RTX 3060', gpuCount: 1, billingMode: 'year', dataDiskGb: 150 };
    const { id } = (await createApplication(t, renter.token, rent)).json().data;
    await t.services.applications.settled();
    expect(await balanceOf(t, renter.token)).toBe('0.00');

    // 150 GB at 0.007 is 1.05 a day: unpaid, it is owed, and after ten days it is above 10 yuan.
    for (let day = 1; day <= 9; day += 1) {
      await nextDay();
    }
    expect(await informsOf(renter.token)).not.toContain('Data disk in arrears');
    await nextDay();
    expect(await informsOf(renter.token)).toContain('Data disk in arrears');
    expect(await statusOf(t, renter.token, id)).toBe('running');

    await nextDay();
    expect(await informsOf(renter.token)).toContain('Application data cleared');
    expect(await statusOf(t, renter.token, id)).toBeUndefined();
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('pays what it owes with the day’s fee once the wallet can', async () => {
    const renter = await createRenter(t, '5124.60');
    const rent = { imageId: image, gpuModel: 'RTX 3060', gpuCount: 1, billingMode: 'year', dataDiskGb: 10 };
    const { id } = (await createApplication(t, renter.token, rent)).json().data;
    await t.services.applications.settled();
    await nextDay();
    await nextDay();
    await fund(t, renter.userId, '1');
    await nextDay();
    // Three days of 10 GB at 0.007: 0.21, paid at once on the third.
    expect(await balanceOf(t, renter.token)).toBe('0.79');
    const [row] = (await listApplications(t, renter.token)).rows.filter((each) => each.id === id);
    expect(await diskCharges(row!.orderNo as string)).toEqual([{ amount: '-2100' }]);
    expect(await statusOf(t, renter.token, id)).toBe('running');
  });
});
