import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { charge, giveVoucher } from '../helpers/vouchers.js';
import { runLedgerCheck } from '../helpers/wallets.js';
import { act, computeEnv, createApplication, createRenter, imageIdOf } from './application-helpers.js';

// Real PostgreSQL only: destroys racing each other and the owner's other charges refund exactly once.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(computeEnv());
});
afterAll(() => t.close());

describe('destroys of one prepaid application racing charges on its wallet', () => {
  it('refund once, and every wallet still equals its ledger', async () => {
    const image = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
    const renter = await createRenter(t, '500');
    await giveVoucher(t, renter.userId, '20');
    const daily = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'day' };
    const ids = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await createApplication(t, renter.token, daily)).json().data.id as string);
    }

    const answers = await Promise.all([
      ...ids.flatMap((id) => Array.from({ length: 6 }, () => act(t, renter.token, 'destruction', id))),
      ...Array.from({ length: 20 }, () => charge(t, renter.userId, '0.37').then(() => ({ statusCode: 0 }))),
    ]);
    const codes = answers.map((answer) => answer.statusCode).filter((code) => code !== 0);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(15);

    const [counts] = await queryRows<{ refunds: number; fees: number; refunded: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM ledger_entries WHERE account_kind = 'balance' AND transaction_type = 'refund') AS refunds,
                 (SELECT count(*)::int FROM ledger_entries WHERE account_kind = 'balance' AND transaction_type = 'refundFee') AS fees,
                 (SELECT count(*)::int FROM applications WHERE refunded_units > 0) AS refunded`,
    );
    expect(counts).toEqual({ refunds: 3, fees: 3, refunded: 3 });
    expect((await runLedgerCheck(t)).code).toBe(0);
  });
});
