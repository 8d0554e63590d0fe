import { money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { AdjustableClock, FixedClock } from '../../src/jobs/clock.js';
import { POINT_VALUE } from '../../src/modules/wallet/index.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { buyPackage, buyPoints, pointsOf } from '../helpers/power-points.js';
import { fund } from '../helpers/wallets.js';

let t: TestApp;
beforeAll(async () => {
  const clock = new AdjustableClock(new FixedClock(new Date('2026-07-01T04:00:00Z')));
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' }, { clock });
});
afterAll(() => t.close());

const spend = (userId: UserId, points: bigint, reference: string) =>
  inTransaction(t.db, (tx) => t.services.power.spendPoints(tx, { userId, points, reference }));

/** A user holding three lots bought a day apart (10, 20 and 30 yuan), the first expiring first. */
async function userWithThreeLots() {
  const { userId, token } = await createSignedInUser(t);
  await fund(t, userId, '100');
  const orders: string[] = [];
  for (const yuan of ['10', '20', '30']) {
    orders.push((await buyPoints(t, token, yuan)).json().data.orderNo);
    (t.clock as AdjustableClock).advance(24 * 60);
  }
  return { userId, token, orders };
}

const remainingByOrder = async (token: string) =>
  Object.fromEntries((await pointsOf(t, token)).lots.map((lot) => [lot.orderNo, lot.remaining]));

describe('spending points on the API', () => {
  it('takes the earliest-expiring points first, emptying each lot before the next', async () => {
    const { userId, token, orders } = await userWithThreeLots();
    expect(await spend(userId, 1_500n, 'call-1')).toEqual({ spent: true });
    expect(await remainingByOrder(token)).toEqual({ [orders[1]!]: 1_500, [orders[2]!]: 3_000 });
    await spend(userId, 2_000n, 'call-2');
    expect(await remainingByOrder(token)).toEqual({ [orders[2]!]: 2_500 });
    const overview = await pointsOf(t, token);
    expect(overview.pointsBalance).toBe(2_500);
    expect(overview.rows.slice(0, 2).map((row) => [row.kind, row.points, row.orderNo])).toEqual([
      ['apiUsage', -2_000, 'call-2'],
      ['apiUsage', -1_500, 'call-1'],
    ]);
  });

  it("spends a package's month before points bought later", async () => {
    const { userId, token } = await createSignedInUser(t);
    await fund(t, userId, '200');
    const bought = (await buyPackage(t, token, { package: 'gold', months: 1 })).json().data;
    (t.clock as AdjustableClock).advance(60);
    const points = (await buyPoints(t, token, '10')).json().data;
    await spend(userId, 12_500n, 'call-1');
    expect(await remainingByOrder(token)).toEqual({ [points.orderNo]: 500 });
    expect(bought.orderNo).not.toBe(points.orderNo);
  });

  it('spends a reference once, however often its usage is reported', async () => {
    const { userId, token } = await userWithThreeLots();
    await spend(userId, 100n, 'call-once');
    expect(await spend(userId, 100n, 'call-once')).toEqual({ spent: false });
    expect((await pointsOf(t, token)).pointsBalance).toBe(5_900);
  });

  it('refuses more than the unexpired points with 422 and spends nothing', async () => {
    const { userId, token } = await userWithThreeLots();
    await expect(spend(userId, 6_001n, 'call-too-much')).rejects.toMatchObject({
      status: 422,
      options: { messageKey: 'power.insufficientPoints' },
    });
    const overview = await pointsOf(t, token);
    expect(overview.pointsBalance).toBe(6_000);
    expect(overview.rows.every((row) => row.kind === 'powerPointByBalance')).toBe(true);
    // The refused reference was not used up: the same call succeeds once the points cover it.
    expect(await spend(userId, 6_000n, 'call-too-much')).toEqual({ spent: true });
  });

  it('does not spend points that have expired, even before the expiry job removed them', async () => {
    const { userId, token } = await createSignedInUser(t);
    await fund(t, userId, '10');
    await buyPoints(t, token, '10');
    (t.clock as AdjustableClock).advance(31 * 24 * 60);
    await expect(spend(userId, 1n, 'call-late')).rejects.toMatchObject({ status: 422 });
  });
});

describe('returning what an API allowance did not use (decision 0034)', () => {
  it('gives the points back to the lots its spend drew them from, the last drawn first, in an apiRefund row', async () => {
    const { userId, token, orders } = await userWithThreeLots();
    // 1,000 from the first lot, then 1,500 of the second.
    await spend(userId, 2_500n, 'block-1');
    const tenPoints = { price: money(10n * POINT_VALUE), per: 1 };
    await inTransaction(t.db, (tx) =>
      t.services.wallet.returnUnused(tx, {
        userId,
        product: 'apiCalls',
        quantity: 180,
        rate: tenPoints,
        orderNo: 'block-1',
      }),
    );
    // 1,800 back: the second lot's 1,500 first, then 300 of the first lot's.
    expect(await remainingByOrder(token)).toEqual({ [orders[0]!]: 300, [orders[1]!]: 2_000, [orders[2]!]: 3_000 });
    const [returned] = (await pointsOf(t, token)).rows;
    expect(returned).toMatchObject({ kind: 'apiRefund', points: 1_800, orderNo: 'block-1' });

    // Returning it again is refused (no lot holds more than it was issued with), and nothing moves.
    await expect(
      inTransaction(t.db, (tx) =>
        t.services.wallet.returnUnused(tx, {
          userId,
          product: 'apiCalls',
          quantity: 100,
          rate: tenPoints,
          orderNo: 'block-1',
        }),
      ),
    ).rejects.toThrow();
    expect((await pointsOf(t, token)).pointsBalance).toBe(5_300);
  });

  it("never returns more than a spend drew, though its lot has room for another spend's points", async () => {
    const { userId, token, orders } = await userWithThreeLots();
    // The first lot's 1,000 points: 600 to block-a, then 400 to block-b.
    await spend(userId, 600n, 'block-a');
    await spend(userId, 400n, 'block-b');
    const returnA = (points: number) =>
      inTransaction(t.db, (tx) =>
        t.services.wallet.returnUnused(tx, {
          userId,
          product: 'apiCalls',
          quantity: points,
          rate: { price: money(POINT_VALUE), per: 1 },
          orderNo: 'block-a',
        }),
      );
    await returnA(600);
    expect(await remainingByOrder(token)).toEqual({ [orders[0]!]: 600, [orders[1]!]: 2_000, [orders[2]!]: 3_000 });

    // block-a drew 600 and got them back: a point more would be block-b's, which served its calls.
    await expect(returnA(1)).rejects.toThrow(RangeError);
    expect((await pointsOf(t, token)).pointsBalance).toBe(5_600);
  });

  it('forgets what spends drew once their keys are gone, 40 days on, and keeps the recent ones', async () => {
    const { userId, token } = await createSignedInUser(t);
    await fund(t, userId, '10');
    expect((await buyPoints(t, token, '10')).statusCode).toBe(200);
    await spend(userId, 100n, 'block-old');
    (t.clock as AdjustableClock).advance(20 * 24 * 60);
    await spend(userId, 100n, 'block-recent');
    (t.clock as AdjustableClock).advance(21 * 24 * 60);
    await t.app.scheduler.tick();
    const draws = await queryRows<{ reference: string }>(
      t.db,
      sql`SELECT reference FROM power_point_draws WHERE user_id = ${userId}`,
    );
    expect(draws.map((draw) => draw.reference)).toEqual(['block-recent']);
  });
});
