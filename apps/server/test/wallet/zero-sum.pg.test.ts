import { money, type Money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { AppError } from '../../src/http/app-error.js';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger-check.queries.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createUser } from '../helpers/factories.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { giveVoucher } from '../helpers/vouchers.js';
import { fund, runLedgerCheck } from '../helpers/wallets.js';

// Real PostgreSQL only (ARCHITECTURE §4): PGlite runs one transaction at a time and proves nothing about races.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const USERS = 20;
const OPERATIONS = 1_000;
const REFUNDS = 100;

/** Each platform account's balance: minus the sum of the changes of the entries it is the counter account of. */
async function platformBalances() {
  const rows = await queryRows<{ kind: string; total: string }>(
    t.db,
    sql`SELECT counter_kind AS kind, (-sum(balance_change))::text AS total FROM ledger_entries
        WHERE counter_kind IS NOT NULL GROUP BY 1`,
  );
  return new Map(rows.map((row) => [row.kind, BigInt(row.total)]));
}

describe('the double-entry ledger under 1,000 concurrent charges, transfers and refunds on PostgreSQL', () => {
  it('sums every transfer to zero and credits each platform account with exactly what succeeded', async () => {
    const users: UserId[] = [];
    for (let index = 0; index < USERS; index += 1) {
      const userId = await createUser(t);
      await fund(t, userId, '100');
      // Half of them with vouchers: a batch posts only the charges of owners with none waiting.
      if (index % 2 === 0) {
        await giveVoucher(t, userId, '10');
        await giveVoucher(t, userId, '5', { kind: 'coupon' });
      }
      users.push(userId);
    }
    const before = await platformBalances();
    // Orders to refund: charged before the race, some paid partly by vouchers.
    const refundable: { userId: UserId; orderNo: string }[] = [];
    for (let index = 0; index < REFUNDS; index += 1) {
      const userId = users[index % USERS]!;
      const orderNo = `ZS-PAID-${index}`;
      await t.services.wallet.charge(t.db, { userId, amount: money(50_000n), transactionType: 'appOrder', orderNo });
      refundable.push({ userId, orderNo });
    }

    const next = seededRandom(20261126);
    const pick = () => users[Math.floor(next() * USERS)]!;
    const amount = (most: number) => money(BigInt(1 + Math.floor(next() * most)) * 100n);
    const done = { charged: 0n, refunded: 0n, fees: 0n, batched: 0, transfers: 0 };
    const refused: unknown[] = [];
    const attempt = async (operation: () => Promise<void>) => {
      try {
        await operation();
      } catch (error) {
        refused.push(error);
      }
    };
    const operations = Array.from({ length: OPERATIONS }, (_, index): (() => Promise<void>) => {
      if (index < REFUNDS) {
        const { userId, orderNo } = refundable[index]!;
        const [back, fee] = [money(30_000n), money(5_000n)];
        return () =>
          inTransaction(t.db, async (tx) => {
            await t.services.wallet.refund(tx, { userId, orderNo, amount: back, fee });
          }).then(() => {
            done.refunded += back;
            done.fees += fee;
          });
      }
      const kind = index % 4;
      if (kind === 0) {
        const [from, to, value] = [pick(), pick(), amount(3_000)];
        const orderNo = `ZS-T-${index}`;
        return () =>
          t.services.wallet
            .post(t.db, [
              { userId: from, transactionType: 'transferOut', amount: money(-value), orderNo },
              { userId: to, transactionType: 'transferIn', amount: value, orderNo },
            ])
            .then(() => {
              done.transfers += 1;
            });
      }
      if (kind === 1) {
        const charges = Array.from({ length: 5 }, (_, n) => ({
          userId: pick(),
          amount: amount(200),
          transactionType: 'appOrder' as const,
          orderNo: `ZS-B-${index}-${n}`,
        }));
        return () =>
          inTransaction(t.db, async (tx) => {
            const posted = await t.services.wallet.chargeMany(tx, charges);
            for (const each of charges.filter((charge) => posted.has(charge.userId))) {
              done.charged += each.amount;
              done.batched += 1;
            }
          });
      }
      const [userId, value] = [pick(), amount(2_000)];
      const transactionType = kind === 2 ? ('appOrder' as const) : ('dataDiskExpansion' as const);
      return () =>
        t.services.wallet
          .charge(t.db, { userId, amount: value, transactionType, orderNo: `ZS-C-${index}`, vouchers: index % 3 > 0 })
          .then(() => {
            done.charged += value;
          });
    });
    await Promise.all(operations.map((operation) => attempt(operation)));

    // Each operation happened whole or was refused for want of money; nothing failed in between.
    expect(refused.filter((error) => !(error instanceof AppError && error.status === 422))).toEqual([]);
    expect(refused.length).toBeLessThan(OPERATIONS / 2);
    // Every path took part: set-based batches, transfers, and all the refunds.
    expect(done.batched).toBeGreaterThan(100);
    expect(done.transfers).toBeGreaterThan(100);
    expect(done.refunded).toBe(money(BigInt(REFUNDS) * 30_000n));
    expect(await findLedgerMismatches(t.db)).toEqual([]);

    const after = await platformBalances();
    const moved = (kind: string) => (after.get(kind) ?? 0n) - (before.get(kind) ?? 0n);
    const prepaid = money(BigInt(REFUNDS) * 50_000n);
    expect(moved('revenue.gpu') + moved('revenue.disk')).toBe(money(done.charged + prepaid));
    expect(moved('refunds')).toBe(money(-done.refunded));
    expect(moved('fees')).toBe(done.fees);

    // What the users hold, in balance and vouchers, is what came in less what the platform kept.
    const [held] = await queryRows<{ total: string }>(
      t.db,
      sql`SELECT sum(balance)::text AS total FROM ledger_accounts WHERE user_id IS NOT NULL`,
    );
    const kept: Money = money(done.charged + prepaid - done.refunded + done.fees);
    expect(BigInt(held!.total)).toBe(BigInt(USERS) * 1_000_000n + BigInt(USERS / 2) * 150_000n - kept);
  });

  it('leaves a ledger that npm run ledger:check passes', async () => {
    const { code, output } = await runLedgerCheck(t);
    expect(code).toBe(0);
    expect(output).toMatch(/\d+ accounts and \d+ transfers checked, 0 findings/);
  });
});
