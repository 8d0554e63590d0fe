import { money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { AppError } from '../../src/http/app-error.js';
import type { ChargeResult } from '../../src/modules/wallet/index.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { charge, giveVoucher } from '../helpers/vouchers.js';
import { countGrowth, fund, runLedgerCheck } from '../helpers/wallets.js';

// Real PostgreSQL only (ARCHITECTURE §4): PGlite runs one transaction at a time and proves nothing about races.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const CHARGES = 300;
const TYPES = ['appOrder', 'dataStorage', 'powerPointByBalance'] as const;

describe("charges raced against one user's vouchers and balance on PostgreSQL", () => {
  it(`never overspend a voucher or the balance through ${CHARGES} concurrent charges`, async () => {
    const { userId } = await createSignedInUser(t);
    await fund(t, userId, '100');
    const granted = [
      await giveVoucher(t, userId, '10', { validDays: 3 }),
      await giveVoucher(t, userId, '7.5', { validDays: 1 }),
      await giveVoucher(t, userId, '5', { validDays: 2, kind: 'coupon' }),
    ];

    const next = seededRandom(20261201);
    const outcomes = await Promise.allSettled(
      Array.from({ length: CHARGES }, () => {
        const cents = 1 + Math.floor(next() * 120);
        const transactionType = TYPES[Math.floor(next() * TYPES.length)]!;
        return charge(t, userId, (cents / 100).toFixed(2), { transactionType });
      }),
    );

    // Each charge either happened whole or was refused for the money; nothing failed in between.
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(failures.filter((error) => !(error instanceof AppError && error.status === 422))).toEqual([]);
    const done = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(done.length).toBeGreaterThan(CHARGES / 3);
    expect(failures.length).toBeGreaterThan(0);
    const total = (pick: (result: ChargeResult) => bigint) => done.reduce((sum, result) => sum + pick(result), 0n);

    const vouchers = await queryRows<{ id: string; face: string; balance: string; spent: string }>(
      t.db,
      sql`SELECT v.id::text, v.face_amount::text AS face, v.balance::text,
                 coalesce((SELECT sum(s.amount) FROM voucher_spends s WHERE s.voucher_id = v.id), 0)::text AS spent
          FROM vouchers v WHERE v.user_id = ${userId} ORDER BY v.id`,
    );
    expect(vouchers.map((row) => row.id)).toEqual(granted.map((row) => String(row.id)));
    for (const row of vouchers) {
      expect(BigInt(row.balance)).toBeGreaterThanOrEqual(0n);
      expect(BigInt(row.spent) + BigInt(row.balance)).toBe(BigInt(row.face));
    }
    const spent = vouchers.reduce((sum, row) => sum + BigInt(row.spent), 0n);
    expect(total((result) => result.voucherPaid)).toBe(spent);

    await countGrowth(t);
    const [account] = await queryRows<{ balance: string; consumption: string; growth: number }>(
      t.db,
      sql`SELECT a.balance::text, u.consumption_units::text AS consumption, u.growth_value AS growth
          FROM ledger_accounts a JOIN users u ON u.id = a.user_id WHERE a.user_id = ${userId} AND a.kind = 'balance'`,
    );
    const balancePaid = total((result) => result.balancePaid);
    expect(BigInt(account!.balance)).toBe(money(1_000_000n) - balancePaid);
    expect(BigInt(account!.balance)).toBeGreaterThanOrEqual(0n);
    expect(BigInt(account!.consumption)).toBe(balancePaid);
    expect(account!.growth).toBe(Number(balancePaid / 10_000n));
    const [entries] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM ledger_entries WHERE account_kind = 'balance' AND user_id = ${userId} AND amount < 0`,
    );
    expect(entries!.n).toBe(done.length);
  });

  it('leaves a ledger that npm run ledger:check passes', async () => {
    const { code, output } = await runLedgerCheck(t);
    expect(code).toBe(0);
    expect(output).toMatch(/\d+ accounts and \d+ transfers checked, 0 findings/);
  });
});
