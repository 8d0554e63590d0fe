import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '@suanli/contract';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { AdjustableClock, FixedClock } from '../../src/jobs/clock.js';
import { POINT_VALUE } from '../../src/modules/wallet/index.js';
import { createRenter } from '../applications/application-helpers.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { buyPoints, pointsOf } from '../helpers/power-points.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { callGateway, gatewayCaller, gatewayEnv } from './api-open-helpers.js';

// Two servers on one database (decision 0034), whose allowances are never idle long enough to return by themselves:
// what one holds for a user goes back when the other runs short, after ten minutes, or through the minute job.
const env = gatewayEnv('3600');
const RETURNED = { timeout: 20_000, interval: 200 };
let testDatabase: TestDatabase;
let clock: AdjustableClock;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  clock = new AdjustableClock(new FixedClock(new Date('2026-07-01T04:00:00Z')));
  a = await buildTestApp(env, { testDatabase, clock });
  a.services.applications.reconcileOnChange();
  b = await buildTestApp(env, { testDatabase, clock });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await testDatabase.drop();
});

/** A renter with a running Ollama application, an API key, and `yuan` of points: 10 calls a yuan. */
async function caller(yuan: string) {
  const renter = await gatewayCaller(a, yuan);
  const { applicationId, key } = renter;
  const call = async (server: TestApp) => (await callGateway(server, key, `/${applicationId}/healthz`)).statusCode;
  const points = async () => (await pointsOf(a, renter.token)).pointsBalance;
  return { ...renter, call, points };
}

/** Ten calls at once on server a, which then buys about ten more ahead of the next second's calls. */
async function burstOnA(call: (server: TestApp) => Promise<number>, points: () => Promise<number>, before: number) {
  expect(await Promise.all(Array.from({ length: 10 }, () => call(a)))).toEqual(Array<number>(10).fill(200));
  await expect.poll(points, RETURNED).toBeLessThan(before - 100);
}

const openBlocks = async (userId: bigint) => {
  const [row] = await queryRows<{ open: number }>(
    a.db,
    sql`SELECT count(*)::int AS open FROM api_allowances WHERE user_id = ${userId} AND closed_at IS NULL`,
  );
  return row!.open;
};

describe('calls one server bought ahead for a user', () => {
  it('are given back when another server runs short, so every point pays a call wherever it is made', async () => {
    const { call, points, rows } = await (async () => {
      const renter = await caller('3');
      return { ...renter, rows: async () => (await pointsOf(a, renter.token)).rows };
    })();
    await burstOnA(call, points, 300);

    // On b, one call after another: the twenty calls the points still pay for, a's part recalled once b ran short.
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      statuses.push(await call(b));
    }
    expect(statuses).toEqual([...Array<number>(20).fill(200), 402]);
    expect(await points()).toBe(0);
    const spentAndReturned = (await rows()).filter((row) => row.kind === 'apiUsage' || row.kind === 'apiRefund');
    expect(spentAndReturned.some((row) => row.kind === 'apiRefund')).toBe(true);
    expect(spentAndReturned.reduce((sum, row) => sum + row.points, 0)).toBe(-300);
  }, 60_000);

  it('are given back after ten minutes though the user never stops calling', async () => {
    const { userId, call, points } = await caller('3');
    await burstOnA(call, points, 300);
    clock.advance(11);
    // Ten calls served; what a held beyond them is back at its next tick.
    await expect.poll(points, RETURNED).toBe(200);
    expect(await openBlocks(userId)).toBe(0);
    expect(await call(a)).toBe(200);
  }, 60_000);
});

describe("a server's blocks after it went silent", () => {
  it('are returned by the minute job of a server that serves no gateway call, and forgotten a day after', async () => {
    const testDatabase = await createTestDatabase();
    const quiet = new AdjustableClock(new FixedClock(new Date('2026-07-01T04:00:00Z')));
    const server = await buildTestApp(env, { testDatabase, clock: quiet });
    try {
      const renter = await createRenter(server);
      expect((await buyPoints(server, renter.token, '1')).statusCode).toBe(200);
      // What a server wrote before it died: five calls bought (one payment, as it buys them), two served as of its
      // last checkpoint, and a heartbeat an hour old.
      await inTransaction(server.db, async (tx) => {
        await server.services.wallet.settle(tx, [
          {
            userId: renter.userId,
            product: 'apiCalls',
            unit: 'call',
            quantity: 5,
            rate: { price: money(10n * POINT_VALUE), per: 1 },
            billed: 0,
            period: { from: quiet.now(), to: quiet.now() },
            orderNo: 'Gdead',
            shortfall: 'partial',
          },
        ]);
        await tx.execute(
          sql`INSERT INTO api_gateway_servers (id, heartbeat_at) VALUES ('Sdead', now() - interval '1 hour')`,
        );
        await tx.execute(sql`
          INSERT INTO api_allowances (server_id, user_id, order_no, points_per_call, calls, used, bought_at)
          VALUES ('Sdead', ${renter.userId}, 'Gdead', 10, 5, 2, ${quiet.now()})`);
      });
      expect((await pointsOf(server, renter.token)).pointsBalance).toBe(50);

      quiet.advance(1);
      await server.app.scheduler.tick();
      const { pointsBalance, rows } = await pointsOf(server, renter.token);
      expect(pointsBalance).toBe(80);
      expect(rows[0]).toMatchObject({ kind: 'apiRefund', points: 30, orderNo: 'Gdead' });
      const [left] = await queryRows<{ open: number; servers: number }>(
        server.db,
        sql`SELECT (SELECT count(*)::int FROM api_allowances WHERE closed_at IS NULL) AS open,
                   (SELECT count(*)::int FROM api_gateway_servers) AS servers`,
      );
      expect(left).toEqual({ open: 0, servers: 0 });

      quiet.advance(24 * 60 + 1);
      await server.app.scheduler.tick();
      const [kept] = await queryRows<{ blocks: number }>(
        server.db,
        sql`SELECT count(*)::int AS blocks FROM api_allowances`,
      );
      expect(kept!.blocks).toBe(0);
    } finally {
      await server.close();
      await testDatabase.drop();
    }
  }, 60_000);
});
