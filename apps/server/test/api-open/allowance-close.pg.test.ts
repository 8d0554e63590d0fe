import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { computeEnv, createRenter, imageIdOf, runningApplication } from '../applications/application-helpers.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { buyPoints } from '../helpers/power-points.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { callGateway, newKey } from './api-open-helpers.js';

// Real PostgreSQL only: a purchase of calls ahead (decision 0034) held on the user's points while the server shuts
// down, which needs a second transaction running beside it.
const env = {
  ...computeEnv(),
  RATE_LIMIT_PER_MINUTE: '0',
  GATEWAY_POINTS_PER_CALL: '10',
  GATEWAY_RATE_LIMIT_PER_MINUTE: '1000',
  GATEWAY_ALLOWANCE_IDLE_SECONDS: '3600',
};

describe('a server shut down while it buys calls ahead, on PostgreSQL', () => {
  it('waits for the purchase and returns the calls it bought and did not serve', async () => {
    const testDatabase = await createTestDatabase();
    const { db } = testDatabase.database;
    const server = await buildTestApp(env, { testDatabase });
    try {
      server.services.applications.reconcileOnChange();
      const renter = await createRenter(server);
      const applicationId = await runningApplication(server, renter.token, await imageIdOf(server, 'Ollama'));
      expect((await buyPoints(server, renter.token, '1')).statusCode).toBe(200);
      const { key } = await newKey(server, renter.token);
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
        await untilOneWaitsForALock(db);
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

/** Waits until this database has no transaction open but the one asking. */
async function untilNoOtherTransaction(db: Parameters<typeof queryRows>[0]) {
  for (;;) {
    const [row] = await queryRows<{ open: number }>(
      db,
      sql`SELECT count(*)::int AS open FROM pg_stat_activity
          WHERE datname = current_database() AND xact_start IS NOT NULL AND pid <> pg_backend_pid()`,
    );
    if (row!.open === 0) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until a transaction of this database waits for a row lock: the purchase, behind the points held. */
async function untilOneWaitsForALock(db: Parameters<typeof queryRows>[0]) {
  for (;;) {
    const [row] = await queryRows<{ waiting: number }>(
      db,
      sql`SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (row!.waiting > 0) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
