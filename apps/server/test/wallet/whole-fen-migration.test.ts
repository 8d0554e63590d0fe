import { money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { databaseBefore } from '../helpers/migration-database.js';
import { createSignedInUser } from '../helpers/factories.js';
import { statementOf, unfootedRows } from '../helpers/statements.js';
import { balanceOf, ledgerMismatches } from '../helpers/wallets.js';

const MIGRATION = '0025_round_money_to_fen';

let t: TestApp;
afterAll(() => t.close());

/** The app on a database seeded as it was before the migration, once every migration from it has run. */
async function upgraded(seed: (db: Database['db']) => Promise<void>) {
  const testDatabase = await databaseBefore(MIGRATION);
  await seed(testDatabase.database.db);
  expect(await testDatabase.migrateRest()).toContain(MIGRATION);
  t = await buildTestApp({}, { testDatabase });
  return t;
}

const insertUser = async (db: Database['db'], phone: string) => {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO users (nick_name, phone) VALUES ('user', ${phone}) RETURNING id::text`,
  );
  return BigInt(row!.id) as UserId;
};

type Entry = [orderNo: string, type: string, amount: bigint, change: bigint, after: bigint];

async function insertWallet(db: Database['db'], userId: UserId, balance: bigint, entries: Entry[]) {
  const [wallet] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO wallets (user_id, balance) VALUES (${userId}, ${balance}) RETURNING id::text`,
  );
  for (const [index, [orderNo, type, amount, change, after]] of entries.entries()) {
    await db.execute(sql`INSERT INTO ledger_entries
      (wallet_id, user_id, order_no, transaction_type, amount, balance_change, balance_after, created_at)
      VALUES (${wallet!.id}, ${userId}, ${orderNo}, ${type}, ${amount}, ${change}, ${after},
              ${new Date(Date.UTC(2026, 10, 1, 0, index))})`);
  }
}

/**
 * A wallet and its ledger as per-minute billing with a 0.0001-yuan carry and a voucher left them, and the wallet its
 * transfer went to.
 */
async function subFenWallets(db: Database['db']) {
  const [payer, payee] = [await insertUser(db, '13900000001'), await insertUser(db, '13900000002')];
  await insertWallet(db, payer, 899_025n, [
    ['R1', 'recharge', 1_000_000n, 1_000_000n, 1_000_000n],
    ['A1', 'appOrder', -325n, -325n, 999_675n],
    ['A1', 'appOrder', -325n, -325n, 999_350n],
    ['A1', 'appOrder', -10_325n, -325n, 999_025n],
    ['T1', 'transferOut', -100_000n, -100_000n, 899_025n],
  ]);
  await db.execute(sql`INSERT INTO vouchers
    (user_id, kind, name, face_amount, balance, status, source, effective_at, expires_at, created_at)
    VALUES (${payer}, 'voucher', 'spent', 10000, 0, 'invalid', 'operator', '2026-11-01', '2026-12-01', '2026-11-01')`);
  await insertWallet(db, payee, 100_000n, [['T1', 'transferIn', 100_000n, 100_000n, 100_000n]]);
  return payer;
}

describe('migration 0025, whole fen', () => {
  it('rounds a sub-fen ledger up to the fen, keeping it in chain and its originals on record', async () => {
    let userId = 0n as UserId;
    await upgraded(async (db) => {
      userId = await subFenWallets(db);
    });
    const user = await t.services.sessions.create(t.db, userId);

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
    await t.close();
    await upgraded(async (db) => {
      const userId = await insertUser(db, '13900000003');
      await insertWallet(db, userId, 9_900n, [
        ['R2', 'recharge', 10_000n, 10_000n, 10_000n],
        ['A2', 'appOrder', -100n, -100n, 9_900n],
      ]);
    });
    const [rounded] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM sub_fen_roundings`);
    expect(rounded!.n).toBe(0);
  });
});

describe('a posting', () => {
  it('is refused unless it is whole fen, so nothing sub-fen reaches a ledger again', async () => {
    await t.close();
    t = await buildTestApp();
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
