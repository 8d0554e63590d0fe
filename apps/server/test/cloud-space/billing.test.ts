import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { balanceOf, fund, ledgerMismatches } from '../helpers/wallets.js';
import { call, q, startCloudApp, storeGb, uploadFile } from './cloud-helpers.js';

// The 0:00 storage settlement and the wipes it schedules, through the scheduler and the test clock (spec §9).
let t: TestApp;
let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ t, cleanUp } = await startCloudApp());
  await t.app.scheduler.tick();
});
afterAll(() => cleanUp());

const DAY = 24 * 60;
async function nextDays(days = 1) {
  for (let day = 0; day < days; day += 1) {
    (t.clock as AdjustableClock).advance(DAY);
    await t.app.scheduler.tick();
  }
  await t.drainEvents();
}

// Months in which nothing may happen pass in one move: the daily jobs catch up their last days (catchUp), which is
// where a job that fired too early would still fire, and the minute jobs run an hour instead of an hour a day.
async function skipDays(days: number) {
  (t.clock as AdjustableClock).advance((days - 1) * DAY);
  await nextDays();
}

// Sessions lapse over the months these tests skip: each read opens a fresh one, which is not a login.
const tokenOf = async (userId: UserId) => (await t.services.sessions.create(t.db, userId)).token;

const noticesOf = async (userId: UserId) => {
  const response = await t.request({
    method: 'GET',
    url: '/api/system/inform/getAllInform?pageSize=50',
    token: await tokenOf(userId),
    locale: 'en-US',
  });
  return (response.json().data.rows as { title: string; content: string }[]).map(
    (row) => `${row.title}: ${row.content}`,
  );
};

const storageCharges = (userId: UserId) =>
  queryRows<{ amount: string }>(
    t.db,
    sql`SELECT amount::text FROM ledger_entries WHERE account_kind = 'balance' AND user_id = ${userId}
      AND transaction_type = 'dataStorage' ORDER BY id`,
  );

const wipesOf = (userId: UserId) =>
  queryRows<{ reason: string; bytes: string }>(
    t.db,
    sql`SELECT reason, bytes::text FROM cloud_space_wipes WHERE user_id = ${userId} ORDER BY id`,
  );

const filesOf = async (userId: UserId) =>
  (
    (await call(t, await tokenOf(userId), `/file/getUserDataList?${q({ path: '/' })}`)).json().data.rows as {
      name: string;
    }[]
  ).map((row) => row.name);

describe('the daily cloud-space settlement', () => {
  it('charges the day’s peak beyond 120 GB at 0.01 yuan a started GB, once, and nothing within the free space', async () => {
    const { userId, token } = await createSignedInUser(t);
    await fund(t, userId, '10');
    await storeGb(t, userId, 100);
    await nextDays();
    expect(await storageCharges(userId)).toEqual([]);

    // 130.5 GB at the peak, back to 100 by the end of the day: 11 GB are charged.
    await storeGb(t, userId, 30.5);
    await storeGb(t, userId, -30.5);
    await nextDays();
    expect(await storageCharges(userId)).toEqual([{ amount: '-1100' }]);
    expect(await balanceOf(t, token)).toBe('9.89');
    await nextDays();
    expect(await storageCharges(userId)).toHaveLength(1);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('charges a day without changes for what was stored through it', async () => {
    const { userId } = await createSignedInUser(t);
    await fund(t, userId, '10');
    await storeGb(t, userId, 120.2);
    await nextDays(3);
    expect(await storageCharges(userId)).toEqual([{ amount: '-100' }, { amount: '-100' }, { amount: '-100' }]);
  });
});

describe('a wipe for arrears', () => {
  // 5,100 started GB beyond the free space cost 51 yuan a day: one unpaid day puts the arrears above 50.
  async function inArrears() {
    const { userId, token } = await createSignedInUser(t);
    await uploadFile(t, token, '/', 'thesis.tex', Buffer.from('\\documentclass{article}'));
    await storeGb(t, userId, 5219);
    await nextDays();
    return userId;
  }

  it('comes only after a notice naming its date, on that date, and is logged', async () => {
    const userId = await inArrears();
    const [notice] = await noticesOf(userId);
    const used = (await call(t, await tokenOf(userId), '/file/getUserDataStorageUsed')).json().data;
    expect(used).toMatchObject({ arrears: '51.00', wipeReason: 'arrears' });
    const wipeDay = new Date(used.wipeAt).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    expect(notice).toContain(`owes 51.00 yuan`);
    expect(notice).toContain(`before ${wipeDay}`);

    await nextDays(6);
    expect(await filesOf(userId)).toEqual(['thesis.tex']);
    expect(await wipesOf(userId)).toEqual([]);
    await nextDays();
    expect(await filesOf(userId)).toEqual([]);
    expect(await wipesOf(userId)).toEqual([{ reason: 'arrears', bytes: String(5219 * 1024 ** 3 + 23) }]);
    expect((await noticesOf(userId))[0]).toMatch(/^Cloud space data wiped: .*storage arrears above 50 yuan/);
    expect((await call(t, await tokenOf(userId), '/file/getUserDataStorageUsed')).json().data).toMatchObject({
      usedBytes: 0,
      wipeAt: null,
    });
  });

  it('never comes once a recharge covers the arrears', async () => {
    const userId = await inArrears();
    await fund(t, userId, '1000');
    await nextDays(10);
    expect(await filesOf(userId)).toEqual(['thesis.tex']);
    expect(await wipesOf(userId)).toEqual([]);
    // The first settlement after the recharge takes the arrears with its day; each day after pays its own.
    const charges = await storageCharges(userId);
    expect(charges[0]).toEqual({ amount: '-1020000' });
    expect(charges.slice(1)).toEqual(Array.from({ length: 9 }, () => ({ amount: '-510000' })));
    expect((await call(t, await tokenOf(userId), '/file/getUserDataStorageUsed')).json().data).toMatchObject({
      arrears: '0.00',
      wipeAt: null,
    });
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

// Each test skips the quiet months and moves day by day where the notice and the wipe fall due.
describe('a wipe after three months without login', { timeout: 120_000 }, () => {
  it('is told first, and a login before its date cancels it', async () => {
    const { userId, token } = await createSignedInUser(t);
    await uploadFile(t, token, '/', 'notes.md', Buffer.from('# notes'));
    await inTransaction(t.db, (tx) => t.services.sessions.signIn(tx, userId));
    await skipDays(80);
    expect(await noticesOf(userId)).not.toContainEqual(expect.stringContaining('Cloud space'));
    await nextDays(15);
    expect((await noticesOf(userId))[0]).toContain('You have not logged in for three months');

    await inTransaction(t.db, (tx) => t.services.sessions.signIn(tx, userId));
    await skipDays(30);
    expect(await filesOf(userId)).toEqual(['notes.md']);
    expect(await wipesOf(userId)).toEqual([]);
    expect((await call(t, await tokenOf(userId), '/file/getUserDataStorageUsed')).json().data.wipeAt).toBeNull();
  });

  it('wipes the data at the date named when the user stays away', async () => {
    const { userId, token } = await createSignedInUser(t);
    await uploadFile(t, token, '/', 'old.txt', Buffer.from('old'));
    await inTransaction(t.db, (tx) => t.services.sessions.signIn(tx, userId));
    await skipDays(85);
    await nextDays(15);
    expect(await filesOf(userId)).toEqual([]);
    expect(await wipesOf(userId)).toEqual([{ reason: 'inactive', bytes: '3' }]);
    const notices = await noticesOf(userId);
    expect(notices[0]).toMatch(/^Cloud space data wiped/);
    expect(notices[1]).toContain('You have not logged in for three months');
  });
});
