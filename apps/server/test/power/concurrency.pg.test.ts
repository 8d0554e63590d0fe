import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger-check.queries.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { balanceOf, buyPackage, buyPoints, ledgerOf, pointsOf } from '../helpers/power-points.js';
import { fund, runLedgerCheck } from '../helpers/wallets.js';

// Real PostgreSQL only (ARCHITECTURE §4): PGlite runs one transaction at a time and proves nothing about races.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const ATTEMPTS = 20;

describe('purchases raced by one user on PostgreSQL', () => {
  it(`succeed exactly 10 times out of ${ATTEMPTS} when the balance pays for 10, and every other one changes nothing`, async () => {
    const { userId, token } = await createSignedInUser(t);
    await fund(t, userId, '100');
    const answers = await Promise.all(Array.from({ length: ATTEMPTS }, () => buyPoints(t, token, '10')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(200), ...Array<number>(10).fill(422)]);

    expect(await balanceOf(t, token)).toBe('0.00');
    const overview = await pointsOf(t, token);
    expect(overview.pointsBalance).toBe(10_000);
    expect(overview.lots).toHaveLength(10);
    expect(overview.total).toBe(10);
    expect((await ledgerOf(t, token)).filter((row) => row.transactionType === 'powerPointByBalance')).toHaveLength(10);
  });

  it('points and packages bought at once by one user never spend more than the balance, nor refuse what it covers', async () => {
    const { userId, token } = await createSignedInUser(t);
    await fund(t, userId, '300');
    const requests = [
      ...Array.from({ length: 5 }, () => ({
        cents: 9_900,
        send: () => buyPackage(t, token, { package: 'gold', months: 1 }),
      })),
      ...Array.from({ length: 5 }, () => ({ cents: 5_000, send: () => buyPoints(t, token, '50') })),
    ];
    const answers = await Promise.all(requests.map((request) => request.send()));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 200 && status !== 422)).toEqual([]);
    const spent = requests.reduce((sum, request, index) => sum + (statuses[index] === 200 ? request.cents : 0), 0);
    const left = Math.round(Number(await balanceOf(t, token)) * 100);
    expect(left).toBe(30_000 - spent);
    // The balance only falls, so whatever was refused costs more than what is left.
    expect(requests.filter((_, index) => statuses[index] === 422).every((request) => request.cents > left)).toBe(true);
  });

  it('spends raced on the API never spend a point twice nor more than there is', async () => {
    const { userId, token } = await createSignedInUser(t);
    await fund(t, userId, '60');
    for (const yuan of ['10', '20', '30']) {
      await buyPoints(t, token, yuan);
    }
    const outcomes = await Promise.allSettled(
      Array.from({ length: ATTEMPTS }, (_, index) =>
        inTransaction(t.db, (tx) =>
          t.services.power.spendPoints(tx, { userId, points: 500n, reference: `race-${index}` }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(12);
    const refusals = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refusals.every((outcome) => (outcome.reason as { status?: number }).status === 422)).toBe(true);
    const overview = await pointsOf(t, token);
    expect(overview.pointsBalance).toBe(0);
    expect(overview.rows.filter((row) => row.kind === 'apiUsage')).toHaveLength(12);
  });

  it('npm run ledger:check passes on that database', async () => {
    expect(await findLedgerMismatches(t.db)).toEqual([]);
    const { code, output } = await runLedgerCheck(t);
    expect(code).toBe(0);
    expect(output).toMatch(/\d+ accounts and \d+ transfers checked, 0 findings/);
  });
});
