import { money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../src/db/migrate.js';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { statementOf, unfootedRows } from '../helpers/statements.js';
import { balanceOf, ledgerMismatches } from '../helpers/wallets.js';

const MIGRATION = '0025_round_money_to_fen';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Runs the migration again over what the test wrote, as it ran over a database of sub-fen amounts. */
async function rerunMigration() {
  await t.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${MIGRATION}`);
  await t.db.execute(sql`DROP TABLE sub_fen_roundings`);
  const applied = await migrate(t.testDatabase.database, readMigrations());
  expect(applied).toEqual([MIGRATION]);
}

/** A wallet and its ledger as per-minute billing with a 0.0001-yuan carry and a voucher left them. */
async function subFenWallet() {
  const user = await createSignedInUser(t);
  const rows: [string, string, bigint, bigint, bigint][] = [
    ['R1', 'recharge', 1_000_000n, 1_000_000n, 1_000_000n],
    ['A1', 'appOrder', -325n, -325n, 999_675n],
    ['A1', 'appOrder', -325n, -325n, 999_350n],
    ['A1', 'appOrder', -10_325n, -325n, 999_025n],
    ['T1', 'transferOut', -100_000n, -100_000n, 899_025n],
  ];
  const [wallet] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO wallets (user_id, balance) VALUES (${user.userId}, 899025) RETURNING id::text`,
  );
  for (const [orderNo, type, amount, change, after] of rows) {
    await t.db.execute(sql`INSERT INTO ledger_entries
      (wallet_id, user_id, order_no, transaction_type, amount, balance_change, balance_after, created_at)
      VALUES (${wallet!.id}, ${user.userId}, ${`${orderNo}-${user.userId}`}, ${type}, ${amount}, ${change}, ${after},
              ${new Date(t.clock.now().getTime() + rows.length * 1000)})`);
  }
  return user;
}

describe('migration 0025, whole fen', () => {
  it('rounds a sub-fen ledger up to the fen, keeping it in chain and its originals on record', async () => {
    const user = await subFenWallet();
    const untouched = await createSignedInUser(t);
    await t.db.execute(sql`INSERT INTO wallets (user_id, balance) VALUES (${untouched.userId}, 0)`);
    await rerunMigration();

    expect(await ledgerMismatches(t)).toEqual([]);
    expect(await balanceOf(t, user.token)).toBe('89.91');
    const statement = await statementOf(t, user.token);
    expect(unfootedRows(statement)).toEqual([]);
    expect(statement.map((row) => [row.amount, row.actualAmount, row.balance])).toEqual([
      ['100.00', '100.00', '100.00'],
      ['0.03', '0.03', '99.97'],
      ['0.03', '0.03', '99.94'],
      ['1.03', '0.03', '99.91'],
      ['10.00', '10.00', '89.91'],
    ]);
    const [stored] = await queryRows<{ subFen: number }>(
      t.db,
      sql`SELECT count(*)::int AS "subFen" FROM ledger_entries
          WHERE amount % 100 <> 0 OR balance_change % 100 <> 0 OR balance_after % 100 <> 0`,
    );
    expect(stored!.subFen).toBe(0);
    const originals = await queryRows<{ table_name: string; column_name: string; before: string; after: string }>(
      t.db,
      sql`SELECT table_name, column_name, before::text, after::text FROM sub_fen_roundings
          WHERE table_name = 'wallets' OR (table_name = 'ledger_entries' AND column_name = 'amount') ORDER BY id`,
    );
    expect(originals.map((row) => [row.table_name, row.column_name, row.before, row.after])).toEqual([
      ['ledger_entries', 'amount', '-325', '-300'],
      ['ledger_entries', 'amount', '-325', '-300'],
      ['ledger_entries', 'amount', '-10325', '-10300'],
      ['wallets', 'balance', '899025', '899100'],
    ]);
  });

  it('leaves whole-fen ledgers as they were', async () => {
    await rerunMigration();
    const [rounded] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM sub_fen_roundings`);
    expect(rounded!.n).toBe(0);
  });
});

describe('a posting', () => {
  it('is refused unless it is whole fen, so nothing sub-fen reaches a ledger again', async () => {
    const { userId } = await createSignedInUser(t);
    const credit = {
      userId,
      transactionType: 'recharge' as const,
      amount: money(12_345n),
      orderNo: `SUBFEN-${userId}`,
    };
    await expect(t.services.wallet.post(t.db, [credit])).rejects.toThrow(RangeError);
    const debit = { userId, amount: money(1n), transactionType: 'appOrder' as const, orderNo: `SUBFEN-${userId}` };
    await expect(t.services.wallet.charge(t.db, debit)).rejects.toThrow(RangeError);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
