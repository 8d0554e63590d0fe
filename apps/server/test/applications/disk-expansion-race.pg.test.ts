import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { runLedgerCheck } from '../helpers/wallets.js';
import {
  advance,
  computeEnv,
  createApplication,
  createRenter,
  listApplications,
  startComputeApp,
} from './application-helpers.js';
import { driverDiskGb, expandDisk } from './disk-expansion-helpers.js';

// Real PostgreSQL only: expansions of one application at once, each locking its row, end as one consistent size.
let t: TestApp;
let image: string;
const env = computeEnv();
beforeAll(async () => ({ t, image } = await startComputeApp(env)));
afterAll(() => t.close());

describe('expansions of one application at once', () => {
  it('leave the largest size in the row, the driver and the next settlement, and refuse the ones not larger', async () => {
    const renter = await createRenter(t);
    const rent = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute', dataDiskGb: 10 };
    const { id } = (await createApplication(t, renter.token, rent)).json().data;
    await t.services.applications.settled();

    const sizes = [20, 150, 60, 150, 90, 40, 120, 150];
    const answers = await Promise.all(sizes.map((dataDiskGb) => expandDisk(t, renter.token, { id, dataDiskGb })));
    const accepted = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().data);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    // Each accepted one grew what the one before it left, so no size is accepted twice, and 150 always is once.
    const acceptedSizes = accepted.map((data) => data.dataDiskGb as number);
    expect(new Set(acceptedSizes).size).toBe(acceptedSizes.length);
    expect(acceptedSizes).toContain(150);
    expect(refused.every((answer) => answer.statusCode === 400 && answer.json().data.field === 'dataDiskGb')).toBe(
      true,
    );
    expect(accepted.length + refused.length).toBe(sizes.length);

    const [row] = (await listApplications(t, renter.token)).rows.filter((each) => each.id === id);
    expect(row!.dataDiskGb).toBe(150);
    expect(await driverDiskGb(env.DATA_DIR, id)).toBe(200);

    await advance(t, 24 * 60);
    const charges = await queryRows<{ amount: string }>(
      t.db,
      sql`SELECT amount::text FROM ledger_entries WHERE account_kind = 'balance' AND order_no = ${row!.orderNo as string} AND transaction_type = 'dataDiskExpansion'`,
    );
    // One day of 150 GB at 0.007 yuan a GB: 1.05.
    expect(charges).toEqual([{ amount: '-10500' }]);
    expect((await runLedgerCheck(t)).code).toBe(0);
  });
});
