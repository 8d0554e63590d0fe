import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { charge, giveVoucher } from '../helpers/vouchers.js';
import { balanceOf, countGrowth, ledgerMismatches } from '../helpers/wallets.js';
import {
  act,
  advance,
  createApplication,
  createRenter,
  listApplications,
  startComputeApp,
  statusOf,
} from './application-helpers.js';

// Issue 19 §1: no GPU time without money, none billed twice, none billed while not running.
let t: TestApp;
let image: string;
beforeAll(async () => ({ t, image } = await startComputeApp()));
afterAll(() => t.close());

const perMinute = () => ({ imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' });

async function rent(token: string) {
  const response = await createApplication(t, token, perMinute());
  expect(response.statusCode).toBe(200);
  await t.services.applications.settled();
  return response.json().data.id as string;
}

const rowOf = async (token: string, id: string) =>
  (await listApplications(t, token, '?pageSize=100')).rows.find((row) => row.id === id)!;

describe('renting by the minute', () => {
  it('is refused without the money for its first ten minutes, in the caller’s language', async () => {
    const empty = await createRenter(t, '0');
    const refused = await createApplication(t, empty.token, perMinute());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toBe(
      'Insufficient balance, please recharge first (a pay-as-you-go application needs enough for its first 10 minutes: ¥0.38)',
    );
    const inChinese = await t.request({
      method: 'POST',
      url: '/api/equipment/deviceServer/createApplication',
      token: empty.token,
      payload: perMinute(),
    });
    expect(inChinese.json().msg).toMatch(/^余额不足，请先充值/);

    const short = await createRenter(t, '0.37');
    expect((await createApplication(t, short.token, perMinute())).statusCode).toBe(422);
    // Vouchers count: 0.37 of balance and a voucher of 0.01 pay the ten minutes.
    await giveVoucher(t, short.userId, '0.01');
    expect((await createApplication(t, short.token, perMinute())).statusCode).toBe(200);
  });

  it('is not restarted once the money for its first ten minutes is gone', async () => {
    const renter = await createRenter(t, '1.00');
    const id = await rent(renter.token);
    await act(t, renter.token, 'stop', id);
    await t.services.applications.settled();
    const balance = await balanceOf(t, renter.token);
    await charge(t, renter.userId, balance, { transactionType: 'dataStorage', orderNo: `drain-${id}` });

    const restart = await act(t, renter.token, 'restart', id);
    expect(restart.statusCode).toBe(422);
    expect(restart.json().msg).toMatch(/^余额不足，请先充值/);
    expect(await statusOf(t, renter.token, id)).toBe('stopped');
  });
});

describe('minutes falling due together', () => {
  it('charges the minutes the wallet can pay, then stops the application', async () => {
    // 0.80 pays 21 minutes at 2.28 an hour; 30 fall due at once, as after an outage of the scheduler.
    const renter = await createRenter(t, '0.80');
    const id = await rent(renter.token);
    await advance(t, 30);
    const row = await rowOf(renter.token, id);
    expect(row.status).toBe('stopped');
    expect(row.billedMinutes).toBe(21);
    expect(row.cost).toBe('0.80');
    expect(await balanceOf(t, renter.token)).toBe('0.00');
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('the last minutes', () => {
  it('are billed when the application is destroyed, the minute it ran in counting whole', async () => {
    const renter = await createRenter(t, '100');
    const id = await rent(renter.token);
    const { orderNo } = await rowOf(renter.token, id);
    await advance(t, 5);
    expect((await act(t, renter.token, 'destruction', id)).statusCode).toBe(200);
    await t.services.applications.settled();
    await advance(t, 10);
    const [billed] = await queryRows<{ minutes: number; charged: string }>(
      t.db,
      sql`SELECT billed_minutes AS minutes,
            (SELECT (-sum(amount))::text FROM ledger_entries WHERE account_kind = 'balance' AND order_no = ${orderNo}) AS charged
          FROM applications WHERE id = ${id}`,
    );
    // Five minutes by the tick, and the sixth, started when it was destroyed: 6 × 0.038, rounded once to the fen.
    expect(billed).toEqual({ minutes: 6, charged: '2300' });
    expect(await balanceOf(t, renter.token)).toBe('99.77');
  });
});

describe('a destroyed application', () => {
  it('is never restarted, renewed or stopped again, and nothing is charged for trying', async () => {
    const renter = await createRenter(t, '100');
    const id = await rent(renter.token);
    await act(t, renter.token, 'stop', id);
    await t.services.applications.settled();
    // Destroyed while stopped: acknowledged at once, its workload removed afterwards.
    expect((await act(t, renter.token, 'destruction', id)).statusCode).toBe(200);
    const balance = await balanceOf(t, renter.token);
    for (const action of ['restart', 'stop', 'destruction'] as const) {
      const answer = await act(t, renter.token, action, id);
      expect([action, answer.statusCode, answer.json().msg]).toEqual([action, 409, '应用已销毁']);
      expect(answer.json().msg).toBe('应用已销毁');
    }
    const renewal = await t.request({
      method: 'POST',
      url: '/api/equipment/deviceServer/renewalApplication',
      token: renter.token,
      payload: { id, duration: 1 },
    });
    expect(renewal.statusCode).toBe(409);
    await t.services.applications.settled();
    await advance(t, 5);
    expect(await statusOf(t, renter.token, id)).toBeUndefined();
    expect(await balanceOf(t, renter.token)).toBe(balance);
  });
});

describe('VIP grades', () => {
  it('are whatever the operator configures, beyond the first three', async () => {
    await t.db.execute(
      sql`INSERT INTO vip_grades (grade, growth_threshold, discount_basis_points) VALUES (4, 20000, 8500)`,
    );
    const renter = await createRenter(t, '20000');
    await charge(t, renter.userId, '20000');
    await countGrowth(t);
    const vip = await t.request({ method: 'GET', url: '/api/recharge/vip/selectVip', token: renter.token });
    expect(vip.json().data).toMatchObject({ vipGrade: 4, discountBasisPoints: 8500 });
  });
});

describe('a prepaid application whose term ended', () => {
  it('restarts only once renewed', async () => {
    const renter = await createRenter(t, '500');
    const created = await createApplication(t, renter.token, { ...perMinute(), billingMode: 'day' });
    const id = created.json().data.id as string;
    await t.services.applications.settled();
    await advance(t, 24 * 60 + 1);
    expect(await statusOf(t, renter.token, id)).toBe('stopped');

    const refused = await act(t, renter.token, 'restart', id);
    expect([refused.statusCode, refused.json().msg]).toEqual([422, '应用的包期已到期，请先续费再启动']);
    const renewal = await t.request({
      method: 'POST',
      url: '/api/equipment/deviceServer/renewalApplication',
      token: renter.token,
      payload: { id, duration: 1 },
    });
    expect(renewal.statusCode).toBe(200);
    expect((await act(t, renter.token, 'restart', id)).statusCode).toBe(200);
    await t.services.applications.settled();
    expect(await statusOf(t, renter.token, id)).toBe('running');
  });
});

describe('the tick that stops an application', () => {
  it('bills its last minute once', async () => {
    // Minutes at 2.28 an hour cost 0.04, 0.04, 0.03, 0.04…: thirteen cost 0.49, and 0.52 leaves 0.03 after them,
    // less than the fourteenth. Paying with a voucher sends the owner down the one-by-one path of the tick.
    const renter = await createRenter(t, '0');
    await giveVoucher(t, renter.userId, '0.52');
    const id = await rent(renter.token);
    for (let minute = 0; minute < 13; minute += 1) {
      await advance(t, 1);
    }
    const row = await rowOf(renter.token, id);
    expect([row.status, row.billedMinutes, row.cost]).toEqual(['stopped', 13, '0.49']);
    const [charged] = await queryRows<{ total: string }>(
      t.db,
      sql`SELECT (-sum(amount))::text AS total FROM ledger_entries WHERE account_kind = 'balance' AND order_no = ${row.orderNo as string}`,
    );
    expect(charged).toEqual({ total: '4900' });
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
