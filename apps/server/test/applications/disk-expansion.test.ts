import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { balanceOf, ledgerMismatches } from '../helpers/wallets.js';
import {
  act,
  advance,
  computeEnv,
  createApplication,
  createRenter,
  imageIdOf,
  listApplications,
  startComputeApp,
} from './application-helpers.js';
import { driverDiskGb, expandDisk } from './disk-expansion-helpers.js';

// Expanding the data disk of an application already rented, through the real app, the local driver and the test clock.
let t: TestApp;
let image: string;
const env = computeEnv();
beforeAll(async () => ({ t, image } = await startComputeApp(env)));
afterAll(() => t.close());

async function rent(token: string, payload: object = {}) {
  const body = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute', ...payload };
  const { id } = (await createApplication(t, token, body)).json().data;
  await t.services.applications.settled();
  return id as string;
}

const factsOf = async (token: string, id: string) =>
  (await listApplications(t, token, '?pageSize=100')).rows.find((row) => row.id === id)!;

const diskCharges = (orderNo: string) =>
  queryRows<{ amount: string }>(
    t.db,
    sql`SELECT amount::text FROM ledger_entries WHERE account_kind = 'balance' AND order_no = ${orderNo} AND transaction_type = 'dataDiskExpansion'`,
  );

describe('expanding a running application’s data disk', () => {
  it('grows the disk the driver holds, shows in the facts, and answers what a day of it costs', async () => {
    const renter = await createRenter(t);
    const id = await rent(renter.token, { dataDiskGb: 20 });
    expect(await driverDiskGb(env.DATA_DIR, id)).toBe(70);

    const expanded = await expandDisk(t, renter.token, { id, dataDiskGb: 60 });
    expect(expanded.statusCode).toBe(200);
    expect(expanded.json().data).toEqual({ id, dataDiskGb: 60, dailyPrice: '0.42' });
    expect(await driverDiskGb(env.DATA_DIR, id)).toBe(110);
    expect(await factsOf(renter.token, id)).toMatchObject({ status: 'running', dataDiskGb: 60 });
  });

  it('is charged nothing at once, and the next 0:00 settlement charges the whole day at the new size', async () => {
    const renter = await createRenter(t);
    const id = await rent(renter.token, { dataDiskGb: 10 });
    const { orderNo } = await factsOf(renter.token, id);
    await act(t, renter.token, 'stop', id);
    await t.services.applications.settled();
    const before = await balanceOf(t, renter.token);

    expect((await expandDisk(t, renter.token, { id, dataDiskGb: 30 })).statusCode).toBe(200);
    expect(await driverDiskGb(env.DATA_DIR, id)).toBe(80);
    expect(await diskCharges(orderNo as string)).toEqual([]);
    expect(await balanceOf(t, renter.token)).toBe(before);

    // Stopped, so no minutes are billed: one day at 30 GB (not the 10 it was rented with) and 0.007 yuan a GB is 0.21,
    // whether or not it runs.
    await advance(t, 24 * 60);
    expect(await diskCharges(orderNo as string)).toEqual([{ amount: '-2100' }]);
    expect((Number(before) - Number(await balanceOf(t, renter.token))).toFixed(2)).toBe('0.21');
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('answers a replay of the same Idempotency-Key as the first time, without expanding again', async () => {
    const renter = await createRenter(t);
    const id = await rent(renter.token);
    const key = randomBytes(16).toString('hex');
    const first = await expandDisk(t, renter.token, { id, dataDiskGb: 10 }, { key });
    const replay = await expandDisk(t, renter.token, { id, dataDiskGb: 10 }, { key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await expandDisk(t, renter.token, { id, dataDiskGb: 10 })).statusCode).toBe(400);
  });
});

describe('an expansion is refused', () => {
  it('when not larger than now, naming dataDiskGb, in the caller’s language', async () => {
    const renter = await createRenter(t);
    const id = await rent(renter.token, { dataDiskGb: 50 });
    for (const dataDiskGb of [50, 40]) {
      const en = await expandDisk(t, renter.token, { id, dataDiskGb });
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({
        msg: 'The new data-disk expansion must be larger than the current 50 GB (10 to 150 GB, in steps of 10)',
        data: { field: 'dataDiskGb' },
      });
    }
    const zh = await expandDisk(t, renter.token, { id, dataDiskGb: 50 }, { locale: 'zh-CN' });
    expect(zh.json()).toMatchObject({
      msg: '新的数据盘扩容须大于当前的 50 GB（10～150 GB，以10 GB为单位）',
      data: { field: 'dataDiskGb' },
    });
    expect((await factsOf(renter.token, id)).dataDiskGb).toBe(50);
  });

  it('outside 10 to 150 GB in steps of 10', async () => {
    const renter = await createRenter(t);
    const id = await rent(renter.token);
    for (const dataDiskGb of [5, 75, 160, '20']) {
      const en = await expandDisk(t, renter.token, { id, dataDiskGb });
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({
        msg: 'Invalid dataDiskGb: Size minimum unit is 10G and must be a multiple of 10 (10 to 150)',
        data: { field: 'dataDiskGb' },
      });
    }
    const zh = await expandDisk(t, renter.token, { id, dataDiskGb: 160 }, { locale: 'zh-CN' });
    expect(zh.json().msg).toContain('扩容大小最小单位为10G，且必须是10的倍数（10～150）');
    expect(zh.json().data.field).toBe('dataDiskGb');
    expect((await factsOf(renter.token, id)).dataDiskGb).toBe(0);
  });

  it('for another user’s application as for none, and for a destroyed one', async () => {
    const owner = await createRenter(t);
    const other = await createRenter(t);
    const id = await rent(owner.token);
    const foreign = await expandDisk(t, other.token, { id, dataDiskGb: 20 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ msg: `Application ${id} does not exist`, data: { field: 'id' } });
    expect((await expandDisk(t, other.token, { id, dataDiskGb: 20 }, { locale: 'zh-CN' })).json().msg).toBe(
      `应用 ${id} 不存在`,
    );

    await act(t, owner.token, 'destruction', id);
    const gone = await expandDisk(t, owner.token, { id, dataDiskGb: 20 });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().msg).toBe('Application has been destroyed');
    expect((await expandDisk(t, owner.token, { id, dataDiskGb: 20 }, { locale: 'zh-CN' })).json().msg).toBe(
      '应用已销毁',
    );
  });

  it('while the application owes data-disk arrears, naming the amount to recharge', async () => {
    // A year of one RTX 3060 prepaid takes the whole balance (see disk-settlement.test.ts); a day of 10 GB is owed.
    const renter = await createRenter(t, '5124.60');
    const id = await rent(renter.token, { gpuModel: 'RTX 3060', billingMode: 'year', dataDiskGb: 10 });
    await advance(t, 24 * 60);

    const en = await expandDisk(t, renter.token, { id, dataDiskGb: 20 });
    expect(en.statusCode).toBe(422);
    expect(en.json()).toMatchObject({
      msg: 'This application owes ¥0.07 for its data disk; recharge to pay it before expanding the disk',
      data: { field: 'amount' },
    });
    const zh = await expandDisk(t, renter.token, { id, dataDiskGb: 20 }, { locale: 'zh-CN' });
    expect(zh.json().msg).toBe('该应用尚欠数据盘费用 ¥0.07，请先充值结清后再扩容');
    expect(await driverDiskGb(env.DATA_DIR, id)).toBe(60);
  });
});

describe('an expansion while the application is changing status', () => {
  let still: TestApp;
  // Not reconciled: the application stays in creating, with no workload and no disk yet.
  beforeAll(async () => {
    still = await buildTestApp(computeEnv());
  });
  afterAll(() => still.close());

  it('is refused until it has started or stopped', async () => {
    const renter = await createRenter(still);
    const pytorch = await imageIdOf(still, 'PyTorch 2.3 + JupyterLab');
    const rented = { imageId: pytorch, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' };
    const { id, status } = (await createApplication(still, renter.token, rented)).json().data;
    expect(status).toBe('creating');

    const en = await expandDisk(still, renter.token, { id, dataDiskGb: 20 });
    expect(en.statusCode).toBe(422);
    expect(en.json().msg).toBe(
      'The application is changing status; expand its data disk once it has started or stopped',
    );
    const zh = await expandDisk(still, renter.token, { id, dataDiskGb: 20 }, { locale: 'zh-CN' });
    expect(zh.json().msg).toBe('应用状态变更中，请在其启动或停止后再扩容数据盘');
    const [row] = (await listApplications(still, renter.token)).rows;
    expect(row).toMatchObject({ id, dataDiskGb: 0 });
  });
});
