import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { AdjustableClock, FixedClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { advance } from '../helpers/recharges.js';
import { balanceOf, buyPackage, ledgerOf, passTimeTo, pointsOf, signIn } from '../helpers/power-points.js';
import { fund } from '../helpers/wallets.js';

// 31 January, 10:00 in Beijing: the months that follow are shorter, so a package's calendar shows.
const START = new Date('2026-01-31T02:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' }, { clock: new AdjustableClock(new FixedClock(START)) });
});
afterAll(() => t.close());

async function fundedUser(yuan: string) {
  const user = await createSignedInUser(t);
  await fund(t, user.userId, yuan);
  return user;
}

async function myPackages(token: string) {
  return (await t.request({ method: 'GET', url: '/api/recharge/charge/getMyPowerPackages', token })).json().data
    .rows as Record<string, unknown>[];
}

async function lotsOfPackage(userId: UserId) {
  return queryRows<{ package_month: number; points: string }>(
    t.db,
    sql`SELECT package_month, points::text FROM power_point_lots WHERE user_id = ${userId} ORDER BY package_month`,
  );
}

describe('the package catalogue', () => {
  it('prices gold, platinum and diamond for 1, 3 and 12 months, the longer terms discounted', async () => {
    const response = await t.request({ method: 'GET', url: '/api/recharge/charge/getPowerPackages' });
    const { packages } = response.json().data;
    expect(packages.map((entry: { package: string }) => entry.package)).toEqual(['gold', 'platinum', 'diamond']);
    expect(packages[0]).toEqual({
      package: 'gold',
      monthlyPrice: '99.00',
      monthlyPoints: 12_000,
      terms: [
        { months: 1, discountBasisPoints: 10_000, originalPrice: '99.00', price: '99.00' },
        { months: 3, discountBasisPoints: 9_500, originalPrice: '297.00', price: '282.15' },
        { months: 12, discountBasisPoints: 8_500, originalPrice: '1188.00', price: '1009.80' },
      ],
    });
    expect(packages[2].terms[2]).toMatchObject({ months: 12, price: '10189.80' });
  });
});

describe('buying a package', () => {
  it('charges its price once, issues a month of points at once and the rest month by month, then ends', async () => {
    const { userId, token } = await fundedUser('300');
    const response = await buyPackage(t, token, { package: 'gold', months: 3 });
    expect(response.statusCode).toBe(200);
    const bought = response.json().data;
    const secondMonth = new Date('2026-02-28T02:00:00Z');
    expect(bought).toMatchObject({
      package: 'gold',
      months: 3,
      price: '282.15',
      monthlyPoints: 12_000,
      balance: '17.85',
      pointsBalance: 12_000,
      nextIssueTime: secondMonth.toISOString(),
    });
    const ledger = await ledgerOf(t, token);
    expect(ledger.filter((row) => row.transactionType === 'powerPointByBalance')).toEqual([
      expect.objectContaining({ orderNo: bought.orderNo, amount: '282.15', balance: '17.85' }),
    ]);
    expect(await myPackages(token)).toEqual([
      expect.objectContaining({
        orderNo: bought.orderNo,
        monthsIssued: 1,
        monthsLeft: 2,
        nextIssueTime: secondMonth.toISOString(),
      }),
    ]);

    // Not a minute early; then on the day, by the job.
    await passTimeTo(t, new Date(secondMonth.getTime() - 60_000));
    expect(await lotsOfPackage(userId)).toHaveLength(1);
    await passTimeTo(t, secondMonth);
    let fresh = await signIn(t, userId);
    expect((await pointsOf(t, fresh)).pointsBalance).toBe(24_000);
    expect(await myPackages(fresh)).toEqual([
      expect.objectContaining({ monthsIssued: 2, monthsLeft: 1, nextIssueTime: '2026-03-31T02:00:00.000Z' }),
    ]);

    // The job running again in the next minutes issues nothing more.
    await advance(t, 3);
    expect(await lotsOfPackage(userId)).toHaveLength(2);

    await passTimeTo(t, new Date('2026-03-31T02:00:00Z'));
    await passTimeTo(t, new Date('2026-04-30T02:01:00Z'));
    fresh = await signIn(t, userId);
    expect((await lotsOfPackage(userId)).map((lot) => [lot.package_month, lot.points])).toEqual([
      [1, '12000'],
      [2, '12000'],
      [3, '12000'],
    ]);
    expect(await myPackages(fresh)).toEqual([]);
    const history = await pointsOf(t, fresh);
    expect(
      history.rows.filter((row) => row.kind === 'powerPackageIssue').map((row) => [row.month, row.months]),
    ).toEqual([
      [3, 3],
      [2, 3],
      [1, 3],
    ]);
    expect(await balanceOf(t, fresh)).toBe('17.85');
  });

  it('never issues a month twice, even when the job finds the package behind what it issued', async () => {
    const { userId, token } = await fundedUser('1009.80');
    expect((await buyPackage(t, token, { package: 'gold', months: 12 })).json().data.balance).toBe('0.00');
    // As if the package row had been restored from before the first issue: the month's key still stands.
    await t.db.execute(sql`UPDATE power_packages SET months_issued = 0, next_issue_at = purchased_at
                           WHERE user_id = ${userId}`);
    await advance(t, 2);
    expect(await lotsOfPackage(userId)).toHaveLength(1);
    expect(await myPackages(token)).toEqual([expect.objectContaining({ monthsIssued: 1, monthsLeft: 11 })]);
  });

  it('refuses more than the balance with 422 and changes nothing', async () => {
    const { userId, token } = await fundedUser('1009.79');
    const response = await buyPackage(t, token, { package: 'gold', months: 12 }, { locale: 'en-US' });
    expect(response.statusCode).toBe(422);
    expect(response.json().msg).toBe('Insufficient balance');
    expect(await balanceOf(t, token)).toBe('1009.79');
    expect(await myPackages(token)).toEqual([]);
    expect(await lotsOfPackage(userId)).toEqual([]);
  });

  it('refuses a package or a length that is not sold with 400, naming the field', async () => {
    const { token } = await fundedUser('1000');
    const cases = [
      [{ package: 'bronze', months: 1 }, 'package'],
      [{ package: 'gold', months: 2 }, 'months'],
      [{ package: 'gold', months: '3' }, 'months'],
      [{ package: 'gold' }, 'months'],
    ] as const;
    for (const [payload, field] of cases) {
      const response = await buyPackage(t, token, payload, { locale: 'en-US' });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data.field).toBe(field);
    }
    const months = await buyPackage(t, token, { package: 'gold', months: 6 });
    expect(months.json().msg).toContain('套餐时长须为 1、3 或 12 个月');
    expect(await balanceOf(t, token)).toBe('1000.00');
  });

  it('is charged once for a retried Idempotency-Key', async () => {
    const { userId, token } = await fundedUser('1000');
    const headers = { 'idempotency-key': randomUUID() };
    const first = await buyPackage(t, token, { package: 'platinum', months: 1 }, { headers });
    const retry = await buyPackage(t, token, { package: 'platinum', months: 1 }, { headers });
    expect(retry.json()).toEqual(first.json());
    expect(first.json().data).toMatchObject({ price: '299.00', monthlyPoints: 40_000, nextIssueTime: null });
    expect((await buyPackage(t, token, { package: 'diamond', months: 1 }, { headers })).statusCode).toBe(409);
    expect(await balanceOf(t, token)).toBe('701.00');
    expect(await lotsOfPackage(userId)).toHaveLength(1);
  });
});
