import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { buyPoints, pointsOf } from '../helpers/power-points.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { callGateway, gatewayCaller, gatewayEnv } from './api-open-helpers.js';

// Prepaid allowances (decision 0034): each server buys a user's calls ahead; what they did not serve returns to the
// points once the user's calls stop for a second here (30 by default).
const env = gatewayEnv('1');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(env);
  t.services.applications.reconcileOnChange();
});
afterAll(() => t.close());

const IDLE_RETURN = { timeout: 20_000, interval: 200 };

describe('calls paid from an allowance bought ahead', () => {
  it('cost exactly the calls served once the allowance is idle, the rest returned in the points history', async () => {
    const { userId, token, applicationId, key } = await gatewayCaller(t, '1');
    // Six calls at once: the server may buy about as many again ahead of the next second's calls.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => callGateway(t, key, `/${applicationId}/healthz`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array<number>(6).fill(200));

    // Six calls at 10 points: 60 spent, whatever was bought ahead meanwhile. The balance alone can read 40 for a moment
    // before a purchase ahead that the last calls started: settled is when no allowance of the user is still open.
    const settled = async () => {
      const [open] = await queryRows<{ open: number }>(
        t.db,
        sql`SELECT count(*)::int AS open FROM api_allowances WHERE user_id = ${userId} AND closed_at IS NULL`,
      );
      return { balance: (await pointsOf(t, token)).pointsBalance, openAllowances: open!.open };
    };
    await expect.poll(settled, IDLE_RETURN).toEqual({ balance: 40, openAllowances: 0 });
    const { rows, lots } = await pointsOf(t, token);
    expect(lots.map((lot) => lot.remaining)).toEqual([40]);
    const bought = rows.filter((row) => row.kind === 'apiUsage');
    // What was bought ahead and not used (how much depends on timing; allowance-returns.test.ts makes it certain) came
    // back under the purchase's reference.
    const returned = rows.filter((row) => row.kind === 'apiRefund');
    expect(returned.every((row) => row.points > 0 && row.points % 10 === 0)).toBe(true);
    // Each return names the purchase it comes from.
    const purchases = new Set(bought.map((row) => row.orderNo));
    expect(returned.every((row) => purchases.has(row.orderNo))).toBe(true);
    expect([...bought, ...returned].reduce((sum, row) => sum + row.points, 0)).toBe(-60);
  }, 60_000);

  it('are refused with 402 once the points cover none, exactly as many passing as the points pay for', async () => {
    const { token, applicationId, key } = await gatewayCaller(t, '1');
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => callGateway(t, key, `/${applicationId}/healthz`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(200), ...Array<number>(5).fill(402)]);
    const refused = answers.find((answer) => answer.statusCode === 402)!;
    expect(refused.json().msg).toBe(
      'Not enough power points: a call costs 10 points and you have 0. Buy power points to continue',
    );
    const again = await callGateway(t, key, `/${applicationId}/healthz`, { headers: { 'accept-language': 'zh-CN' } });
    expect(again.statusCode).toBe(402);
    expect(again.json().msg).toBe('算力点不足：每次调用需 10 点，当前剩余 0 点，请购买算力点后继续');
    const overview = await pointsOf(t, token);
    expect(overview.pointsBalance).toBe(0);
    expect(overview.rows.filter((row) => row.kind === 'apiRefund')).toEqual([]);
  });

  it('leave the lots as spending only the calls served would: the first emptied, the later holding the rest', async () => {
    const { token, applicationId, key } = await gatewayCaller(t, '1');
    expect((await buyPoints(t, token, '1')).statusCode).toBe(200);
    const [first, later] = (await pointsOf(t, token)).lots.map((lot) => lot.orderNo);
    for (let call = 0; call < 12; call += 1) {
      expect((await callGateway(t, key, `/${applicationId}/healthz`)).statusCode).toBe(200);
    }
    // 120 spent: the first lot's 100, then 20 of the later one, whatever the blocks bought ahead took from it, once
    // what was bought after the last call is back.
    await expect
      .poll(async () => (await pointsOf(t, token)).lots.map((lot) => [lot.orderNo, lot.remaining]), IDLE_RETURN)
      .toEqual([[later, 80]]);
    expect(first).not.toBe(later);
  }, 60_000);
});

describe('a server shut down gracefully', () => {
  it('returns the calls it had bought ahead and not served', async () => {
    const testDatabase = await createTestDatabase();
    const server = await buildTestApp({ ...env, GATEWAY_ALLOWANCE_IDLE_SECONDS: '3600' }, { testDatabase });
    try {
      server.services.applications.reconcileOnChange();
      const { userId, applicationId, key } = await gatewayCaller(server, '1');
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => callGateway(server, key, `/${applicationId}/healthz`)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array<number>(4).fill(200));
      await server.close();
      const [points] = await queryRows<{ balance: string; refunds: number }>(
        testDatabase.database.db,
        sql`SELECT (SELECT sum(remaining) FROM power_point_lots WHERE user_id = ${userId})::text AS balance,
                   (SELECT count(*)::int FROM power_point_entries WHERE user_id = ${userId} AND kind = 'apiRefund')
                     AS refunds`,
      );
      // Four calls served: 40 points spent, whatever was bought ahead; the rest came back in at least one return.
      expect(points!.balance).toBe('60');
      expect(points!.refunds).toBeGreaterThan(0);
      const [open] = await queryRows<{ open: number }>(
        testDatabase.database.db,
        sql`SELECT count(*)::int AS open FROM api_allowances WHERE closed_at IS NULL`,
      );
      expect(open!.open).toBe(0);
    } finally {
      await testDatabase.drop();
    }
  }, 60_000);
});
