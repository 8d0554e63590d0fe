import { randomBytes } from 'node:crypto';
import { money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { AppError } from '../../src/http/app-error.js';
import { FixedClock } from '../../src/jobs/clock.js';
import { minutesCost } from '../../src/modules/applications/billing.js';
import { billingScheduler } from '../fixtures/billing-scheduler.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { charge, giveVoucher } from '../helpers/vouchers.js';
import { runLedgerCheck } from '../helpers/wallets.js';
import { fleetFile, fleetWith } from '../inventory/inventory-helpers.js';
import { computeEnv, createApplication, createRenter, imageIdOf } from './application-helpers.js';

// Real PostgreSQL only: two billers ticking the same minute in small chunks while the owners' wallets are charged
// and topped up beside them, some owners paid by vouchers (billed one by one) and one who runs out (ARCHITECTURE §4).
const RENTERS = 12;
const PER_RENTER = 4;
const MINUTES = 7;
const HOURLY = money(22_800n);
let t: TestApp;
let env: Record<string, string>;
let renters: Awaited<ReturnType<typeof createRenter>>[];
// Billing counts from the test clock's minute, when the vouchers given below are usable.
let start: Date;
beforeAll(async () => {
  const hosts = Array.from({ length: (RENTERS * PER_RENTER) / 8 }, (_, index) => ({
    name: `race-bill-${index}`,
    gpuModel: 'RTX 4090',
    gpuCount: 8,
  }));
  env = {
    ...computeEnv(),
    ...(await fleetFile(fleetWith([{ id: 'cn-east-1', hosts }]))),
    // Chunks smaller than one owner's applications, so that owners straddle chunks and billers.
    BILLING_BATCH_SIZE: '5',
    RATE_LIMIT_PER_MINUTE: '0',
    ID_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    OBJECT_SIGNING_KEY: randomBytes(32).toString('base64'),
  };
  t = await buildTestApp(env);
  const image = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
  renters = await Promise.all(Array.from({ length: RENTERS }, () => createRenter(t, '1000')));
  for (const renter of renters) {
    for (let index = 0; index < PER_RENTER; index += 1) {
      const rent = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' };
      expect((await createApplication(t, renter.token, rent)).statusCode).toBe(200);
    }
  }
  start = new Date(Math.floor(t.clock.now().getTime() / 60_000) * 60_000);
  await t.db.execute(
    sql`UPDATE applications SET status = 'running', running_since = ${start}, billed_through = ${start},
      last_seen_running_at = ${start}::timestamptz + interval '1 day'`,
  );
  // Two owners pay partly with vouchers; the last can pay for about eight of the 28 minutes its applications run.
  await giveVoucher(t, renters[0]!.userId, '1', { validDays: 3 });
  await giveVoucher(t, renters[1]!.userId, '0.5', { validDays: 3, kind: 'coupon' });
  const poor = renters.at(-1)!;
  await charge(t, poor.userId, '999.70', { transactionType: 'dataStorage' });
});
afterAll(() => t.close());

const applications = () =>
  queryRows<{ user_id: string; minutes: number; status: string; charged: string; spent: string }>(
    t.db,
    sql`SELECT a.user_id::text, a.billed_minutes AS minutes, a.status,
          (SELECT coalesce(-sum(amount), 0) FROM ledger_entries e WHERE e.account_kind = 'balance' AND e.order_no = a.order_no)::text AS charged,
          a.spent_units::text AS spent
        FROM applications a ORDER BY a.id`,
  );

describe('billing ticks raced against each other and against the owners’ wallets', () => {
  it('bills each application-minute once, keeps every wallet equal to its ledger, and stops the owner who ran out', async () => {
    const at = new Date(start.getTime() + MINUTES * 60_000);
    const clock = new FixedClock(at);
    const billers = await Promise.all(
      ['first', 'second'].map((owner) => billingScheduler(t.testDatabase.database, clock, env, owner)),
    );
    const next = seededRandom(20261122);
    const beside = Array.from({ length: 120 }, (_, index) => {
      const renter = renters[Math.floor(next() * (RENTERS - 1))]!;
      return index % 2 === 0
        ? charge(t, renter.userId, (1 + Math.floor(next() * 50)) / 100 + '', { transactionType: 'dataStorage' })
        : t.services.wallet.post(t.db, [
            {
              userId: renter.userId,
              transactionType: 'recharge',
              amount: money(500n),
              orderNo: `RACE-TOPUP-${index}`,
              counter: 'clearing.wechat',
            },
          ]);
    });
    const outcomes = await Promise.allSettled([...billers.map((biller) => biller.tick()), ...beside]);
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(failures.filter((error) => !(error instanceof AppError && error.status === 422))).toEqual([]);
    // Whatever a biller left (rows the other held at the end) the next tick of the same minute finishes.
    for (const biller of billers) {
      await biller.tick();
    }

    const rows = await applications();
    const poor = String(renters.at(-1)!.userId);
    const full = String(minutesCost(HOURLY, 0, MINUTES));
    for (const row of rows.filter((each) => each.user_id !== poor)) {
      expect(row).toMatchObject({ minutes: MINUTES, status: 'running', charged: full, spent: full });
    }
    // The poor owner's applications: each billed whole minutes only, charged exactly what it recorded, and stopped
    // once what is left cannot pay another minute. Minutes cost 0.04 or 0.03 in whole fen (2.28 an hour), so one whose
    // next minute is the cheaper one may still be running on what is left.
    const poorRows = rows.filter((each) => each.user_id === poor);
    const paid = poorRows.reduce((sum, row) => sum + BigInt(row.charged), 0n);
    expect(paid).toBeLessThanOrEqual(3_000n);
    expect(3_000n - paid).toBeLessThan(minutesCost(HOURLY, 0, 1));
    expect(poorRows.some((row) => row.status === 'stopping')).toBe(true);
    for (const row of poorRows) {
      expect(row.charged).toBe(String(minutesCost(HOURLY, 0, row.minutes)));
      expect(row.spent).toBe(row.charged);
      if (row.status !== 'stopping') {
        expect(minutesCost(HOURLY, row.minutes, 1)).toBeLessThanOrEqual(3_000n - paid);
      }
    }
    const [vouchers] = await queryRows<{ left: string }>(
      t.db,
      sql`SELECT coalesce(sum(balance), 0)::text AS left FROM vouchers
          WHERE user_id IN (${renters[0]!.userId}, ${renters[1]!.userId})`,
    );
    expect(vouchers!.left).toBe('0');
    const [subFen] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM ledger_entries WHERE account_kind = 'balance' AND amount % 100 <> 0 OR balance_change % 100 <> 0`,
    );
    expect(subFen!.n).toBe(0);
    expect(await runLedgerCheck(t)).toMatchObject({ code: 0 });
  });
});
