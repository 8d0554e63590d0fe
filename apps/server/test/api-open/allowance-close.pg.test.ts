import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { untilNoOtherTransaction, untilSomeoneWaitsForALock } from '../helpers/lock-waits.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { callGateway, gatewayCaller, gatewayEnv } from './api-open-helpers.js';

// Real PostgreSQL only: a purchase of calls ahead (decision 0034) held on the user's points while the server shuts
// down, which needs a second transaction running beside it.
const env = gatewayEnv('3600');

describe('a server shut down while it buys calls ahead, on PostgreSQL', () => {
  it('waits for the purchase and returns the calls it bought and did not serve', async () => {
    const testDatabase = await createTestDatabase();
    const { db } = testDatabase.database;
    const server = await buildTestApp(env, { testDatabase });
    try {
      server.services.applications.reconcileOnChange();
      const renter = await gatewayCaller(server, '1');
      const { applicationId, key } = renter;
      const allowances = async () => {
        const [row] = await queryRows<{ count: number }>(
          db,
          sql`SELECT count(*)::int AS count FROM api_allowances WHERE user_id = ${renter.userId}`,
        );
        return row!.count;
      };

      // The first call buys one call for itself, then one ahead: two blocks once both purchases are done.
      expect((await callGateway(server, key, `/${applicationId}/healthz`)).statusCode).toBe(200);
      await expect.poll(allowances, { timeout: 10_000 }).toBe(2);

      const closing = await db.transaction(async (tx) => {
        // The user's points held: the next purchase waits behind them.
        await tx.execute(sql`SELECT id FROM power_point_lots WHERE user_id = ${renter.userId} FOR UPDATE`);
        // Served from the call bought ahead, it starts the next purchase ahead, which now waits.
        expect((await callGateway(server, key, `/${applicationId}/healthz`)).statusCode).toBe(200);
        await untilSomeoneWaitsForALock(db);
        const closed = server.close();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { closed };
      });
      await closing.closed;
      // Whatever the server left running has finished writing: no other transaction is open on the database.
      await untilNoOtherTransaction(db);

      const [points] = await queryRows<{ balance: string; open: number }>(
        db,
        sql`SELECT (SELECT sum(remaining) FROM power_point_lots WHERE user_id = ${renter.userId})::text AS balance,
                   (SELECT count(*)::int FROM api_allowances WHERE user_id = ${renter.userId} AND closed_at IS NULL)
                     AS open`,
      );
      // Two calls served at 10 points of the 100 bought; the call bought ahead as the server closed came back.
      expect(points).toEqual({ balance: '80', open: 0 });
    } finally {
      await testDatabase.drop();
    }
  }, 60_000);
});
