import { money, parseMoney } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger-check.queries.js';
import type { TestApp } from './build-test-app.js';
import { exitOf, spawnTs } from './spawn.js';
import type { Arrange } from './factories.js';

/**
 * Credits a wallet through the ledger, as a paid recharge would (one entry, the wallet row locked), with an amount in
 * yuan text: `await fund(t, userId, '100')`.
 */
export async function fund({ db, services }: Arrange, userId: UserId, yuan: string) {
  const amount = parseMoney(yuan) ?? money(0n);
  const orderNo = `TEST${userId}-${amount}-${Math.random().toString(36).slice(2, 10)}`;
  await services.wallet.post(db, [
    { userId, transactionType: 'recharge', amount, orderNo, counter: 'clearing.wechat' },
  ]);
}

/** The balance the console shows: `expect(await balanceOf(t, token)).toBe('100.00')`. */
export async function balanceOf(t: TestApp, token: string): Promise<string> {
  return (await t.request({ method: 'GET', url: '/api/recharge/order-info/selectBalance', token })).json().data.balance;
}

/** How many ledger entries carry an order number: a payment credited twice shows as 2. */
export async function entriesFor({ db }: Arrange, orderNo: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ledger_entries WHERE account_kind = 'balance' AND order_no = ${orderNo}`,
  );
  return row!.n;
}

/** Runs `npm run ledger:check` (its CLI) on the test app's database: its exit code and what it printed. */
export async function runLedgerCheck(t: TestApp) {
  const check = spawnTs('src/modules/wallet/ledger-check-cli.ts', [], {
    DATABASE_URL: t.testDatabase.url!,
    LOG_LEVEL: 'silent',
  });
  let output = '';
  check.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  check.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { code: (await exitOf(check)).code, output };
}

/** What `npm run ledger:check` would report, read in the test's process: on PGlite, which another process cannot open. */
export const ledgerMismatches = (t: TestApp) => findLedgerMismatches(t.db);

/**
 * VIP growth as it stands once the minute's 'consumption.posted' events are published (the wallet's minute job) and
 * counted (the users module's consumer): `await countGrowth(t)` before reading a grade after charges.
 */
export async function countGrowth(t: TestApp) {
  await inTransaction(t.db, (tx) => t.services.wallet.publishConsumption(tx));
  await t.drainEvents();
}
