import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { act, computeEnv, createRenter, imageIdOf, runningApplication } from '../applications/application-helpers.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { buyPoints, pointsOf } from '../helpers/power-points.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { runLedgerCheck } from '../helpers/wallets.js';
import { callGateway, newKey, revokeKey } from './api-open-helpers.js';

// Real PostgreSQL only (ARCHITECTURE §4): PGlite runs one transaction at a time and proves nothing about races. Two
// servers on one database, as two instances: each pays its calls in groups and remembers keys and applications.
const env = {
  ...computeEnv(),
  RATE_LIMIT_PER_MINUTE: '0',
  GATEWAY_POINTS_PER_CALL: '10',
  GATEWAY_RATE_LIMIT_PER_MINUTE: '1000',
};
let testDatabase: TestDatabase;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  a = await buildTestApp(env, { testDatabase });
  a.services.applications.reconcileOnChange();
  // The second server has a pool of its own on the same database and the same workspaces, as a second instance would.
  const second = openPostgres(testDatabase.url!);
  b = await buildTestApp(env, { testDatabase: { ...testDatabase, database: second, drop: () => second.close() } });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await testDatabase.drop();
});

const ATTEMPTS = 40;

/** Until both servers listen on the channels that keep their memories exact, each asks the database every call. */
async function listenersOnline() {
  for (const channel of ['api_credential_changed', 'application_changed']) {
    await expect
      .poll(
        async () => {
          const [row] = await queryRows<{ listeners: number }>(
            a.db,
            sql`SELECT count(*)::int AS listeners FROM pg_stat_activity
                WHERE datname = current_database() AND query LIKE ${`LISTEN "${channel}"`}`,
          );
          return row!.listeners;
        },
        { timeout: 10_000 },
      )
      .toBe(2);
  }
}

describe('gateway calls raced by one user on two servers on PostgreSQL', () => {
  it(`pass exactly as many times out of ${ATTEMPTS} as the points pay for, paid in fewer payments than calls`, async () => {
    const renter = await createRenter(a);
    const applicationId = await runningApplication(a, renter.token, await imageIdOf(a, 'Ollama'));
    // Two lots of 100 points, 10 a call: 20 calls in all.
    await buyPoints(a, renter.token, '1');
    await buyPoints(a, renter.token, '1');
    const keys = [await newKey(a, renter.token, 'a'), await newKey(a, renter.token, 'b')];
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, index) =>
        callGateway(index % 2 ? a : b, keys[Math.floor(index / 2) % 2]!.key, `/${applicationId}/healthz`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(20).fill(200), ...Array<number>(ATTEMPTS - 20).fill(402)]);
    const refused = answers.find((answer) => answer.statusCode === 402)!;
    expect(refused.json().msg).toMatch(/points/i);

    const overview = await pointsOf(a, renter.token);
    expect(overview.pointsBalance).toBe(0);
    expect(overview.lots).toEqual([]);
    // One history row a payment, each naming its group's reference and paying 10 points for each call it let through:
    // together exactly the 20 calls forwarded, in fewer payments than calls.
    const spent = overview.rows.filter((row) => row.kind === 'apiUsage');
    expect(spent.reduce((sum, row) => sum + row.points, 0)).toBe(-200);
    expect(spent.every((row) => row.points < 0 && row.points % 10 === 0)).toBe(true);
    expect(new Set(spent.map((row) => row.orderNo)).size).toBe(spent.length);
    expect(spent.length).toBeLessThan(20);
  });

  it('refuse a revoked key and a stopped application on both servers at once, though both remember them', async () => {
    await listenersOnline();
    const renter = await createRenter(a);
    const applicationId = await runningApplication(a, renter.token, await imageIdOf(a, 'Ollama'));
    await buyPoints(a, renter.token, '1');
    const [revoked, kept] = [await newKey(a, renter.token, 'revoked'), await newKey(a, renter.token, 'kept')];
    const call = (server: TestApp, key: string) => callGateway(server, key, `/${applicationId}/healthz`);
    for (const server of [a, b]) {
      for (const key of [revoked.key, kept.key]) {
        expect((await call(server, key)).statusCode).toBe(200);
      }
    }

    expect((await revokeKey(a, renter.token, revoked.credentialId)).statusCode).toBe(200);
    for (const server of [a, b]) {
      await expect.poll(async () => (await call(server, revoked.key)).statusCode, { timeout: 5_000 }).toBe(401);
      expect((await call(server, kept.key)).statusCode).toBe(200);
    }

    expect((await act(a, renter.token, 'stop', applicationId)).json()).toMatchObject({ code: 200 });
    for (const server of [a, b]) {
      await expect.poll(async () => (await call(server, kept.key)).statusCode, { timeout: 5_000 }).toBe(409);
    }
    // Refused calls are not paid: 10 points for each of the six calls that went through.
    expect((await pointsOf(a, renter.token)).pointsBalance).toBe(40);
  });

  it('npm run ledger:check passes on that database', async () => {
    const { code } = await runLedgerCheck(a);
    expect(code).toBe(0);
  });
});
