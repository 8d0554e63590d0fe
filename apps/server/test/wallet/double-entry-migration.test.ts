import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { PLATFORM_ACCOUNTS, USER_ACCOUNT_KINDS } from '../../src/modules/wallet/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { databaseBefore } from '../helpers/migration-database.js';
import { createOperator } from '../helpers/operators.js';
import { statementOf } from '../helpers/statements.js';
import { ledgerMismatches } from '../helpers/wallets.js';

const MIGRATION = '0042_double_entry_ledger';

type Db = Database['db'];
type Entry = [orderNo: string, type: string, amount: bigint, change: bigint, after: bigint];

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 4));

async function insertUser(db: Db, phone: string): Promise<UserId> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO users (nick_name, phone) VALUES ('user', ${phone}) RETURNING id::text`,
  );
  return BigInt(row!.id) as UserId;
}

async function insertWallet(db: Db, userId: UserId, wallet: { consumption: bigint; entries: Entry[] }) {
  const balance = wallet.entries.at(-1)?.[4] ?? 0n;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO wallets (user_id, balance, consumption_units) VALUES (${userId}, ${balance}, ${wallet.consumption})
        RETURNING id::text`,
  );
  for (const [index, [orderNo, type, amount, change, after]] of wallet.entries.entries()) {
    await db.execute(sql`INSERT INTO ledger_entries
      (wallet_id, user_id, order_no, transaction_type, amount, balance_change, balance_after, created_at)
      VALUES (${row!.id}, ${userId}, ${orderNo}, ${type}, ${amount}, ${change}, ${after}, ${day(index + 2)})`);
  }
}

async function insertVoucher(
  db: Db,
  userId: UserId,
  voucher: { face: bigint; balance: bigint; status: string; expires: Date },
) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO vouchers
          (user_id, kind, name, face_amount, balance, status, source, effective_at, expires_at, created_at)
        VALUES (${userId}, 'voucher', null, ${voucher.face}, ${voucher.balance}, ${voucher.status}, 'operator',
                ${day(1)}, ${voucher.expires}, ${day(1)})
        RETURNING id::text`,
  );
  return row!.id;
}

/**
 * A database as the wallets left it before the migration: a payer who recharged by Alipay, paid an order partly with a
 * voucher, had part of it refunded (the voucher's share back to it) with a fee, transferred to a friend, redeemed a
 * code; one voucher expired unspent, one waits for activation; the friend spent some of what they were sent.
 */
async function seed(db: Db) {
  const payer = await insertUser(db, '13900000011');
  const friend = await insertUser(db, '13900000012');
  await db.execute(sql`INSERT INTO recharge_orders (order_no, user_id, channel, amount, status, created_at, expires_at)
    VALUES ('R-ALIPAY', ${payer}, 'alipay', 1000000, 'paid', ${day(2)}, ${day(3)})`);
  const spent = await insertVoucher(db, payer, {
    face: 100_000n,
    balance: 80_000n,
    status: 'normal',
    expires: day(30),
  });
  await insertVoucher(db, payer, { face: 50_000n, balance: 50_000n, status: 'invalid', expires: day(10) });
  await insertVoucher(db, payer, { face: 30_000n, balance: 30_000n, status: 'pendingActivation', expires: day(30) });
  await db.execute(sql`INSERT INTO voucher_spends (voucher_id, user_id, order_no, amount, created_at)
    VALUES (${spent}, ${payer}, 'A-ORDER', 40000, ${day(3)})`);
  await insertWallet(db, payer, {
    consumption: 60_000n,
    entries: [
      ['R-ALIPAY', 'recharge', 1_000_000n, 1_000_000n, 1_000_000n],
      ['A-ORDER', 'appOrder', -100_000n, -60_000n, 940_000n],
      ['A-ORDER', 'refund', 50_000n, 30_000n, 970_000n],
      ['A-ORDER', 'refundFee', -10_000n, -10_000n, 960_000n],
      ['T-FRIEND', 'transferOut', -200_000n, -200_000n, 760_000n],
      ['X-CODE', 'redeem', 100_000n, 100_000n, 860_000n],
    ],
  });
  await insertWallet(db, friend, {
    consumption: 50_000n,
    entries: [
      ['T-FRIEND', 'transferIn', 200_000n, 200_000n, 200_000n],
      ['D-DISK', 'dataDiskExpansion', -50_000n, -50_000n, 150_000n],
    ],
  });
  return { payer, friend };
}

/** Every balance and statement line as stored, in the shape the old and the new schema share. */
const statementLines = (db: Db, where: ReturnType<typeof sql>) =>
  queryRows<Record<string, string>>(
    db,
    sql`SELECT user_id::text, order_no, transaction_type, amount::text, balance_change::text, balance_after::text,
               created_at::text
        FROM ledger_entries WHERE ${where} ORDER BY user_id, id`,
  );

let t: TestApp;
let users: { payer: UserId; friend: UserId };
let before: { lines: Record<string, string>[]; balances: Record<string, string>[] };

beforeAll(async () => {
  const testDatabase = await databaseBefore(MIGRATION);
  const { db } = testDatabase.database;
  users = await seed(db);
  before = {
    lines: await statementLines(db, sql`true`),
    balances: await queryRows(db, sql`SELECT user_id::text, balance::text FROM wallets ORDER BY user_id`),
  };
  expect(await testDatabase.migrateRest()).toContain(MIGRATION);
  t = await buildTestApp({}, { testDatabase });
});
afterAll(() => t.close());

describe('migration 0042, the double-entry ledger', () => {
  it('keeps every balance and every statement line', async () => {
    expect(await statementLines(t.db, sql`account_kind = 'balance'`)).toEqual(before.lines);
    expect(
      await queryRows(
        t.db,
        sql`SELECT user_id::text, balance::text FROM ledger_accounts WHERE kind = 'balance' ORDER BY user_id`,
      ),
    ).toEqual(before.balances);
    const { token } = await t.services.sessions.create(t.db, users.payer);
    const statement = await statementOf(t, token);
    expect(statement.map((row) => [row.transactionType, row.amount, row.actualAmount, row.balance])).toEqual([
      ['recharge', '100.00', '100.00', '100.00'],
      ['appOrder', '10.00', '6.00', '94.00'],
      ['refund', '5.00', '3.00', '97.00'],
      ['refundFee', '1.00', '1.00', '96.00'],
      ['transferOut', '20.00', '20.00', '76.00'],
      ['redeem', '10.00', '10.00', '86.00'],
    ]);
    const balance = await t.request({ method: 'GET', url: '/api/recharge/order-info/selectBalance', token });
    expect(balance.json().data).toEqual({ balance: '86.00', voucher: '8.00' });
  });

  it('gives every entry its other side, so that every transfer sums to zero and ledger:check finds nothing', async () => {
    expect(await ledgerMismatches(t)).toEqual([]);
    const sides = await queryRows<{ order_no: string; counter_kind: string; amount: string }>(
      t.db,
      sql`SELECT order_no, counter_kind, (-sum(balance_change))::text AS amount FROM ledger_entries
          WHERE counter_kind IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(sides.map((row) => [row.order_no, row.counter_kind, row.amount])).toEqual([
      ['A-ORDER', 'fees', '10000'],
      ['A-ORDER', 'refunds', '-50000'],
      ['A-ORDER', 'revenue.gpu', '100000'],
      ['D-DISK', 'revenue.disk', '50000'],
      ['R-ALIPAY', 'clearing.alipay', '-1000000'],
      ['V1', 'vouchers.liability', '-100000'],
      ['V2', 'vouchers.liability', '0'],
      ['V3', 'vouchers.liability', '-30000'],
      ['X-CODE', 'promotions', '-100000'],
    ]);
  });

  it("rebuilds the payer's vouchers account from the grants, the vouchers' shares and what expired", async () => {
    const [account] = await queryRows<{ balance: string }>(
      t.db,
      sql`SELECT balance::text FROM ledger_accounts WHERE user_id = ${users.payer} AND kind = 'vouchers'`,
    );
    // 8.00 left on the spent voucher and 3.00 waiting for activation; the expired one's 5.00 went back.
    expect(account!.balance).toBe('110000');
  });

  it('makes one row of every platform account the code names, and no other', async () => {
    const rows = await queryRows<{ kind: string }>(
      t.db,
      sql`SELECT kind FROM ledger_accounts WHERE user_id IS NULL ORDER BY kind`,
    );
    expect(rows.map((row) => row.kind)).toEqual([...PLATFORM_ACCOUNTS].sort());
    await expect(
      t.db.execute(sql`INSERT INTO ledger_accounts (user_id, kind) VALUES (${users.payer}, 'revenue.gpu')`),
    ).rejects.toThrow();
    for (const kind of USER_ACCOUNT_KINDS.filter((each) => each !== 'balance' && each !== 'vouchers')) {
      await t.db.execute(sql`INSERT INTO ledger_accounts (user_id, kind) VALUES (${users.friend}, ${kind})`);
    }
  });

  it('moves the consumption VIP growth counts to the users', async () => {
    const rows = await queryRows<{ id: string; consumption_units: string }>(
      t.db,
      sql`SELECT id::text, consumption_units::text FROM users ORDER BY id`,
    );
    expect(rows.map((row) => row.consumption_units)).toEqual(['60000', '50000']);
  });

  it('lets a finance operator read revenue by product and day from it', async () => {
    const url = '/api/admin/finance/revenue?startDate=2026-11-01&endDate=2026-11-30';
    const support = await createOperator(t, ['support']);
    expect((await t.request({ method: 'GET', url, token: support.token })).statusCode).toBe(403);
    const finance = await createOperator(t, ['finance']);
    const revenue = await t.request({ method: 'GET', url, token: finance.token });
    expect(revenue.json().data).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      rows: [
        { day: '2026-11-03', product: 'disk', amount: '5.00' },
        { day: '2026-11-03', product: 'gpu', amount: '10.00' },
      ],
    });
  });
});
