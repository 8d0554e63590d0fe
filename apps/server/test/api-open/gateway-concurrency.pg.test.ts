import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeEnv, createRenter, imageIdOf, runningApplication } from '../applications/application-helpers.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { buyPoints, pointsOf } from '../helpers/power-points.js';
import { runLedgerCheck } from '../helpers/wallets.js';
import { callGateway, newKey } from './api-open-helpers.js';

// Real PostgreSQL only (ARCHITECTURE §4): PGlite runs one transaction at a time and proves nothing about races.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    ...computeEnv(),
    RATE_LIMIT_PER_MINUTE: '0',
    GATEWAY_POINTS_PER_CALL: '10',
    GATEWAY_RATE_LIMIT_PER_MINUTE: '1000',
  });
  t.services.applications.reconcileOnChange();
});
afterAll(() => t.close());

const ATTEMPTS = 25;

describe('gateway calls raced by one user on PostgreSQL', () => {
  it(`pass exactly as many times out of ${ATTEMPTS} as the points pay for, over two keys, and never spend more`, async () => {
    const renter = await createRenter(t);
    const applicationId = await runningApplication(t, renter.token, await imageIdOf(t, 'Ollama'));
    // Two lots of 100 points, 10 a call: 20 calls in all.
    await buyPoints(t, renter.token, '1');
    await buyPoints(t, renter.token, '1');
    const keys = [await newKey(t, renter.token, 'a'), await newKey(t, renter.token, 'b')];
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, index) => callGateway(t, keys[index % 2]!.key, `/${applicationId}/healthz`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(20).fill(200), ...Array<number>(ATTEMPTS - 20).fill(402)]);
    const overview = await pointsOf(t, renter.token);
    expect(overview.pointsBalance).toBe(0);
    expect(overview.lots).toEqual([]);
    const spent = overview.rows.filter((row) => row.kind === 'apiUsage');
    expect(spent).toHaveLength(20);
    expect(spent.every((row) => row.points === -10)).toBe(true);
  });

  it('npm run ledger:check passes on that database', async () => {
    const { code } = await runLedgerCheck(t);
    expect(code).toBe(0);
  });
});
