import { money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { untilSomeoneWaitsForALock } from '../helpers/lock-waits.js';
import { giveVoucher } from '../helpers/vouchers.js';
import { fund, runLedgerCheck } from '../helpers/wallets.js';

// Real PostgreSQL only: the order two transactions take their locks in is what this proves.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const fen = (yuan: number) => money(BigInt(yuan) * 10_000n);

describe('a batch of charges and a single charge on the same wallet, on PostgreSQL', () => {
  it('never deadlock: the batch takes the vouchers before the wallets, as a single charge does', async () => {
    const withVoucher = (await createSignedInUser(t)).userId;
    const without = (await createSignedInUser(t)).userId;
    await fund(t, withVoucher, '100');
    await fund(t, without, '100');
    await giveVoucher(t, withVoucher, '5');

    let batchAttempts = 0;
    const single = t.db.transaction(async (tx) => {
      // A single charge's first step: the owner's usable vouchers, locked; the batch now waits behind them.
      await tx.execute(sql`SELECT id FROM vouchers WHERE user_id = ${withVoucher} FOR UPDATE`);
      const batch = inTransaction(t.db, async (batchTx) => {
        batchAttempts += 1;
        const requests = [withVoucher, without].map((userId) => ({
          userId,
          amount: fen(2),
          transactionType: 'appOrder' as const,
          orderNo: `BATCH-${userId}`,
        }));
        const posted = await t.services.wallet.chargeMany(batchTx, requests);
        // As the billing tick does: an owner with vouchers waiting is charged on their own, in the same transaction.
        for (const request of requests.filter((each) => !posted.has(each.userId))) {
          await t.services.wallet.charge(batchTx, request);
        }
        return posted;
      });
      await untilSomeoneWaitsForALock(t.db);
      // The single charge's second step: the wallet. A batch that locked it first would now deadlock with us.
      await tx.execute(sql`SET LOCAL lock_timeout = '10s'`);
      const result = await t.services.wallet.charge(tx, {
        userId: withVoucher,
        amount: fen(3),
        transactionType: 'appOrder',
        orderNo: `SINGLE-${withVoucher}`,
      });
      return { result, batch };
    });

    const { result, batch } = await single;
    const posted = await batch;
    expect(batchAttempts).toBe(1);
    expect(result.voucherPaid).toBe(fen(3));
    expect([...posted.keys()]).toEqual([without]);
    const balances = await queryRows<{ user_id: string; balance: string }>(
      t.db,
      sql`SELECT user_id::text, balance::text FROM ledger_accounts WHERE kind = 'balance' AND user_id IN (${withVoucher}, ${without}) ORDER BY user_id`,
    );
    // Both of the voucher's charges were paid by it; the other owner's from the balance.
    expect(Object.fromEntries(balances.map((row) => [row.user_id, BigInt(row.balance)]))).toEqual({
      [String(withVoucher)]: fen(100),
      [String(without)]: fen(100 - 2),
    });
    expect((await runLedgerCheck(t)).code).toBe(0);
  });
});
