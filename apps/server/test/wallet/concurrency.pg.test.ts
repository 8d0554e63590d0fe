import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger-check.queries.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { fund, runLedgerCheck } from '../helpers/wallets.js';

// Real PostgreSQL only (ARCHITECTURE §4): PGlite runs one transaction at a time and proves nothing about races.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const WALLETS = 50;
const TRANSFERS = 1_000;

async function walletRows(userIds: UserId[]) {
  return queryRows<{ balance: string }>(
    t.db,
    sql`SELECT balance::text FROM ledger_accounts WHERE kind = 'balance' AND user_id IN (${sql.join(userIds, sql`, `)})`,
  );
}

describe('transfers raced on PostgreSQL', () => {
  it(`keep the total of ${WALLETS} wallets through ${TRANSFERS} concurrent transfers, none below zero`, async () => {
    const users = await Promise.all(
      Array.from({ length: WALLETS }, (_, index) =>
        createSignedInUser(t, { phone: `188${String(index).padStart(2, '0')}${String(Date.now()).slice(-6)}` }),
      ),
    );
    const phones = (
      await queryRows<{ id: string; phone: string }>(
        t.db,
        sql`SELECT id::text, phone FROM users WHERE id IN (${sql.join(
          users.map((user) => user.userId),
          sql`, `,
        )})`,
      )
    ).reduce((byId, row) => byId.set(row.id, row.phone), new Map<string, string>());
    for (const user of users) {
      await fund(t, user.userId, '100');
    }

    const next = seededRandom(20261123);
    const answers = await Promise.all(
      Array.from({ length: TRANSFERS }, () => {
        const from = users[Math.floor(next() * WALLETS)]!;
        let to = users[Math.floor(next() * WALLETS)]!;
        if (to === from) {
          to = users[(users.indexOf(from) + 1) % WALLETS]!;
        }
        const amount = (1 + Math.floor(next() * 6_000)) / 100;
        return t.request({
          method: 'POST',
          url: '/api/recharge/transfer',
          token: from.token,
          payload: { username: phones.get(String(to.userId)), amount: amount.toFixed(2) },
        });
      }),
    );

    const statuses = answers.map((answer) => answer.statusCode);
    // Every transfer either happened or was refused for the balance; nothing failed in between.
    expect(statuses.filter((status) => status !== 200 && status !== 422)).toEqual([]);
    const succeeded = statuses.filter((status) => status === 200).length;
    expect(succeeded).toBeGreaterThan(TRANSFERS / 2);

    const balances = (await walletRows(users.map((user) => user.userId))).map((row) => BigInt(row.balance));
    expect(balances.reduce((sum, balance) => sum + balance, 0n)).toBe(BigInt(WALLETS) * 1_000_000n);
    expect(balances.every((balance) => balance >= 0n)).toBe(true);
    const [outs] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM ledger_entries WHERE account_kind = 'balance' AND transaction_type = 'transferOut'`,
    );
    expect(outs!.n).toBe(succeeded);
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('npm run ledger:check passes on that database, and fails once a balance is changed behind the ledger', async () => {
    const passing = await runLedgerCheck(t);
    expect(passing.code).toBe(0);
    expect(passing.output).toMatch(/\d+ accounts and \d+ transfers checked, 0 findings/);

    await t.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 100
                           WHERE id = (SELECT min(id) FROM ledger_accounts WHERE kind = 'balance')`);
    const failing = await runLedgerCheck(t);
    expect(failing.code).toBe(1);
    expect(failing.output).toMatch(/balance account \d+ \(user \d+\): balance/);
    await t.db.execute(sql`UPDATE ledger_accounts SET balance = balance - 100
                           WHERE id = (SELECT min(id) FROM ledger_accounts WHERE kind = 'balance')`);
  });
});
