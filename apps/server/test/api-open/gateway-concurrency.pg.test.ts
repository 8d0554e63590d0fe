import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { act, createRenter, imageIdOf, runningApplication } from '../applications/application-helpers.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { buyPoints, pointsOf } from '../helpers/power-points.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { exitOf, spawnTs, waitForLine } from '../helpers/spawn.js';
import { runLedgerCheck } from '../helpers/wallets.js';
import { callGateway, gatewayCaller, gatewayEnv, newKey, revokeKey } from './api-open-helpers.js';

// Real PostgreSQL only (ARCHITECTURE §4): PGlite runs one transaction at a time and proves nothing about races. Two
// servers on one database, as two instances: each buys its users' calls ahead (decision 0034) and remembers keys and
// applications. An allowance idle for a second returns; a server silent for four is dead.
const env = gatewayEnv('1', { GATEWAY_SERVER_DEAD_SECONDS: '4' });
const IDLE_RETURN = { timeout: 20_000, interval: 250 };
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
  it(`pass exactly as many as the points pay for, out of ${ATTEMPTS}, and cost exactly those`, async () => {
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
    const passed = answers.filter((answer) => answer.statusCode === 200).length;
    expect(answers.every((answer) => [200, 402].includes(answer.statusCode))).toBe(true);
    // Whatever one server bought ahead, the other recalls when it runs short: every point pays a call, none twice.
    expect(passed).toBe(20);
    const refused = answers.find((answer) => answer.statusCode === 402)!;
    expect(refused.json().msg).toMatch(/points/i);

    await expect.poll(async () => (await pointsOf(a, renter.token)).pointsBalance, IDLE_RETURN).toBe(200 - 10 * passed);
    const overview = await pointsOf(a, renter.token);
    // One apiUsage row a block bought, one apiRefund row a block returned with calls unused: together the calls passed.
    const rows = overview.rows.filter((row) => row.kind === 'apiUsage' || row.kind === 'apiRefund');
    expect(rows.reduce((sum, row) => sum + row.points, 0)).toBe(-10 * passed);
    const spent = rows.filter((row) => row.kind === 'apiUsage');
    expect(spent.every((row) => row.points < 0 && row.points % 10 === 0)).toBe(true);
    expect(new Set(spent.map((row) => row.orderNo)).size).toBe(spent.length);
    expect(spent.length).toBeLessThan(passed);
  }, 60_000);

  it('refuse a revoked key and a stopped application on both servers at once, though both remember them', async () => {
    await listenersOnline();
    const renter = await createRenter(a);
    const applicationId = await runningApplication(a, renter.token, await imageIdOf(a, 'Ollama'));
    await buyPoints(a, renter.token, '1');
    const [revoked, kept] = [await newKey(a, renter.token, 'revoked'), await newKey(a, renter.token, 'kept')];
    let served = 0;
    const call = async (server: TestApp, key: string) => {
      const answer = await callGateway(server, key, `/${applicationId}/healthz`);
      served += answer.statusCode === 200 ? 1 : 0;
      return answer;
    };
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
    // Refused calls are not paid: 10 points for each call that went through (six, and any a server forwarded before it
    // heard of the stop), once the rest is returned.
    expect(served).toBeGreaterThanOrEqual(6);
    await expect.poll(async () => (await pointsOf(a, renter.token)).pointsBalance, IDLE_RETURN).toBe(100 - 10 * served);
  }, 60_000);

  it("return what a server killed mid-allowance had not used as of its checkpoint, by the other's sweeper", async () => {
    const renter = await gatewayCaller(a, '1');
    const { applicationId, key } = renter;
    const doomed = spawnTs('test/fixtures/gateway-allowance-worker.ts', [
      testDatabase.url!,
      JSON.stringify(env),
      key,
      applicationId,
      String(renter.userId),
      '3',
    ]);
    try {
      await waitForLine(doomed, /checkpointed/);
      // Three calls served, and more bought ahead: the worker holds them when it dies.
      expect((await pointsOf(a, renter.token)).pointsBalance).toBeLessThan(70);
    } finally {
      doomed.kill('SIGKILL');
    }
    expect((await exitOf(doomed)).signal).toBe('SIGKILL');

    expect((await callGateway(a, key, `/${applicationId}/healthz`)).statusCode).toBe(200);
    // Four calls in all, three on the dead server: what it held beyond them is back once the sweeper has run.
    await expect.poll(async () => (await pointsOf(a, renter.token)).pointsBalance, IDLE_RETURN).toBe(60);
    const [open] = await queryRows<{ open: number }>(
      a.db,
      sql`SELECT count(*)::int AS open FROM api_allowances WHERE user_id = ${renter.userId} AND closed_at IS NULL`,
    );
    expect(open!.open).toBe(0);
    const { rows } = await pointsOf(a, renter.token);
    expect(rows.filter((row) => row.kind === 'apiRefund').length).toBeGreaterThan(0);
  }, 90_000);

  it('npm run ledger:check passes on that database', async () => {
    const { code } = await runLedgerCheck(a);
    expect(code).toBe(0);
  });
});
