import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { AdjustableClock, FixedClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { balanceOf, buyPackage, buyPoints, ledgerOf, passTimeTo, pointsOf, signIn } from '../helpers/power-points.js';
import { fund } from '../helpers/wallets.js';

let t: TestApp;
beforeAll(async () => {
  const clock = new AdjustableClock(new FixedClock(new Date('2026-05-10T04:00:00Z')));
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' }, { clock });
});
afterAll(() => t.close());

describe('points past their 31 days', () => {
  it('are removed by the expiry job, which shows what was left as a powerPackageExpired row', async () => {
    const { userId, token } = await createSignedInUser(t);
    await fund(t, userId, '100');
    const { orderNo, expireTime } = (await buyPoints(t, token, '20')).json().data;
    await inTransaction(t.db, (tx) =>
      t.services.power.spendPoints(tx, { userId, points: 500n, reference: 'api-call-1' }),
    );

    await passTimeTo(t, new Date(Date.parse(expireTime) - 60_000));
    let fresh = await signIn(t, userId);
    expect((await pointsOf(t, fresh)).pointsBalance).toBe(1_500);

    await passTimeTo(t, new Date(expireTime));
    fresh = await signIn(t, userId);
    const overview = await pointsOf(t, fresh);
    expect(overview.pointsBalance).toBe(0);
    expect(overview.lots).toEqual([]);
    expect(overview.rows.map((row) => [row.kind, row.points, row.orderNo])).toEqual([
      ['powerPackageExpired', -1_500, orderNo],
      ['apiUsage', -500, 'api-call-1'],
      ['powerPointByBalance', 2_000, orderNo],
    ]);

    // Points are not money: the expiry leaves the balance and its ledger as the purchase left them.
    expect(await balanceOf(t, fresh)).toBe('80.00');
    expect((await ledgerOf(t, fresh)).map((row) => row.transactionType)).toEqual(['powerPointByBalance', 'recharge']);

    // A later run finds nothing more to remove.
    await passTimeTo(t, new Date(Date.parse(expireTime) + 60 * 60_000));
    expect((await pointsOf(t, await signIn(t, userId))).rows).toHaveLength(3);
  });

  it("expire month by month for a package, each month's points 31 days after their issue", async () => {
    const { userId, token } = await createSignedInUser(t);
    await fund(t, userId, '2850');
    const bought = (await buyPackage(t, token, { package: 'diamond', months: 3 })).json().data;
    const firstExpiry = Date.parse((await pointsOf(t, token)).lots[0]!.expireTime);

    await passTimeTo(t, new Date(bought.nextIssueTime));
    let fresh = await signIn(t, userId);
    expect((await pointsOf(t, fresh)).pointsBalance).toBe(300_000);

    await passTimeTo(t, new Date(firstExpiry));
    fresh = await signIn(t, userId);
    const overview = await pointsOf(t, fresh);
    expect(overview.pointsBalance).toBe(150_000);
    expect(overview.lots).toEqual([expect.objectContaining({ package: 'diamond', remaining: 150_000 })]);
    expect(overview.rows[0]).toMatchObject({
      kind: 'powerPackageExpired',
      points: -150_000,
      package: 'diamond',
      month: 1,
      months: 3,
    });
  });
});
