import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { MAX_ATTEMPTS, retryDelayMs } from '../../src/events/consumer-runner.js';
import { localDay } from '../../src/jobs/business-time.js';
import { FixedClock, type AdjustableClock } from '../../src/jobs/clock.js';
import { createRenter, runningApplication, startComputeApp } from '../applications/application-helpers.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { consumerRunner, effectConsumer, handled, recordEvents, testEvent } from '../helpers/event-consumers.js';
import { createSignedInUser, createUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { createScratchTables } from '../helpers/scratch-tables.js';
import { charge, giveVoucher } from '../helpers/vouchers.js';
import { fund } from '../helpers/wallets.js';

let t: TestApp;
let image: string;
const DAY_MINUTES = 24 * 60;

beforeAll(async () => {
  ({ t, image } = await startComputeApp());
}, 60_000);
afterAll(() => t.close());

const read = async (url: string, token: string) => {
  const response = await t.request({ method: 'GET', url, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
// The business day of TZ_BUSINESS, which tests leave at its default.
const businessDay = (date: Date) => localDay(date, 'Asia/Shanghai');

describe('the dashboard’s users section', () => {
  it('counts the accounts registered and verified today, and those verified in all', async () => {
    const support = await createOperator(t, ['support']);
    const before = await read('/api/admin/support/dashboard', support.token);

    const today = [await createUser(t), await createUser(t), await createUser(t)];
    const lastWeek = await createUser(t);
    await t.db.execute(sql`UPDATE users SET created_at = now() - interval '7 days' WHERE id = ${lastWeek}`);
    const weekAgo = new Date(t.clock.now().getTime() - 7 * DAY_MINUTES * 60_000);
    await inTransaction(t.db, async (tx) => {
      await t.services.users.setRealNameVerified(tx, today[0]!, t.clock.now());
      await t.services.users.setRealNameVerified(tx, lastWeek, weekAgo);
    });

    expect(await read('/api/admin/support/dashboard', support.token)).toEqual({
      day: businessDay(t.clock.now()),
      newToday: before.newToday + 3,
      verifiedToday: before.verifiedToday + 1,
      verifiedTotal: before.verifiedTotal + 2,
      total: before.total + 4,
    });
  });
});

describe('the dashboard’s money section', () => {
  it('reads recharges, what users hold and revenue by product and day from the ledger', async () => {
    const finance = await createOperator(t, ['finance']);
    const clock = t.clock as AdjustableClock;
    const payer = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const yesterday = new Date(clock.now().getTime() - DAY_MINUTES * 60_000);
    clock.advance(-DAY_MINUTES);
    await fund(t, other.userId, '50');
    clock.advance(DAY_MINUTES);
    await fund(t, payer.userId, '100');
    await charge(t, payer.userId, '3', { transactionType: 'appOrder', vouchers: false });
    await charge(t, payer.userId, '2', { transactionType: 'dataDiskExpansion', vouchers: false });
    await giveVoucher(t, other.userId, '5');

    const today = businessDay(clock.now());
    const dashboard = await read('/api/admin/finance/dashboard', finance.token);
    expect(dashboard).toMatchObject({
      day: today,
      month: today.slice(0, 7),
      rechargedToday: '100.00',
      // Yesterday's 50 belongs to this month unless today is its first day.
      rechargedThisMonth: businessDay(yesterday).startsWith(today.slice(0, 7)) ? '150.00' : '100.00',
      owedToUsers: '145.00',
      vouchersOutstanding: '5.00',
    });
    // The finance desk's own revenue read, the last 30 days: one answer, not a second query.
    const revenue = await read('/api/admin/finance/revenue', finance.token);
    expect(dashboard.revenue).toEqual(revenue);
    expect(revenue.endDate).toBe(today);
    expect(revenue.rows).toEqual([
      { day: today, product: 'disk', amount: '2.00' },
      { day: today, product: 'gpu', amount: '3.00' },
    ]);
  });
});

describe('the dashboard’s fleet section', () => {
  it('counts GPUs per model and region by state, running applications, and samples the busy share hourly', async () => {
    const fleet = await createOperator(t, ['fleet']);
    const renter = await createRenter(t);
    await runningApplication(t, renter.token, image);

    const east = (await read('/api/admin/fleet/hosts?regionId=cn-east-1&pageSize=100', fleet.token)).rows as {
      name: string;
      id: string;
      version: number;
      gpus: { id: string; version: number }[];
    }[];
    const host3090 = east.find((host) => host.name === 'e1-3090-01')!;
    const broken = await t.request({
      method: 'POST',
      url: `/api/admin/fleet/gpus/${host3090.gpus[0]!.id}/broken`,
      token: fleet.token,
      payload: { broken: true, version: host3090.gpus[0]!.version, reason: 'fan failed' },
    });
    expect(broken.statusCode, broken.body).toBe(200);
    const north = (await read('/api/admin/fleet/hosts?regionId=cn-north-1&pageSize=100', fleet.token)).rows as {
      name: string;
      id: string;
      version: number;
    }[];
    const l20 = north.find((host) => host.name === 'n1-l20-01')!;
    const drained = await t.request({
      method: 'POST',
      url: `/api/admin/fleet/hosts/${l20.id}/state`,
      token: fleet.token,
      payload: { state: 'draining', version: l20.version, reason: 'maintenance' },
    });
    expect(drained.statusCode, drained.body).toBe(200);
    await t.app.scheduler.tick();

    const dashboard = await read('/api/admin/fleet/dashboard', fleet.token);
    const counts = (dashboard.gpus as Record<string, unknown>[]).map(
      ({ model, regionId, free, busy, broken: out, draining }) => [regionId, model, free, busy, out, draining],
    );
    expect(counts).toEqual([
      ['cn-east-1', 'A800', 2, 0, 0, 0],
      ['cn-east-1', 'RTX 3090', 3, 0, 1, 0],
      ['cn-east-1', 'RTX 4090', 15, 1, 0, 0],
      ['cn-north-1', 'L20', 0, 0, 0, 4],
      ['cn-north-1', 'RTX 3060', 4, 0, 0, 0],
      ['cn-north-1', 'RTX 3090', 8, 0, 0, 0],
    ]);
    expect(dashboard.gpus[0]).toMatchObject({ regionNameZh: '华东一区', regionNameEn: 'East China 1' });
    expect(dashboard.runningApplications).toBe(1);
    const hour = new Date(Math.floor(t.clock.now().getTime() / 3_600_000) * 3_600_000).toISOString();
    expect(dashboard.utilisation).toEqual([{ hour, busy: 1, total: 38 }]);
  });
});

describe('the dashboard’s jobs and events section', () => {
  it('shows each job’s last run, and a consumer’s lag and parked event, which a retry hands to it once more', async () => {
    await createScratchTables(t.db);
    const admin = await createOperator(t, ['admin']);
    const clock = new FixedClock(new Date('2026-11-26T00:00:00Z'));
    const failing = { spendable: '13', on: true };
    const runner = consumerRunner(t.testDatabase.database, clock, [
      effectConsumer({ name: 'test.dashboard', worker: 'a', failing }),
    ]);
    await recordEvents(t.db, [testEvent('dash:1', 13), testEvent('dash:2', 2)]);
    await runner.drain();
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts += 1) {
      clock.set(new Date(clock.now().getTime() + retryDelayMs(attempts)));
      await runner.drain();
    }

    let dashboard = await read('/api/admin/admin/dashboard', admin.token);
    expect(dashboard.consumers).toContainEqual({
      name: 'test.dashboard',
      lag: 0,
      parked: 1,
      attempts: 0,
      lastError: null,
    });
    const parked = (dashboard.parked as { consumer: string; eventId: string }[]).filter(
      (row) => row.consumer === 'test.dashboard',
    );
    expect(parked).toEqual([
      expect.objectContaining({ type: 'balance.low', subject: 'dash:1', error: 'cannot handle 13' }),
    ]);
    const eventId = parked[0]!.eventId;
    // The scheduler's tick in the fleet test ran every job once: each shows its period done and no failing run.
    expect(dashboard.jobs).toContainEqual(
      expect.objectContaining({ job: 'dashboard.sample-gpu-usage', failing: 0, lastError: null }),
    );
    expect(dashboard.jobs.find((job: { job: string }) => job.job === 'dashboard.sample-gpu-usage').lastPeriod).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}$/,
    );

    failing.on = false;
    const retry = (payload: object) =>
      t.request({ method: 'POST', url: '/api/admin/admin/dashboard/parked-events/retry', token: admin.token, payload });
    const retried = await retry({ consumer: 'test.dashboard', eventId, reason: 'the handler is fixed' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toEqual({ consumer: 'test.dashboard', eventId, unparked: 1 });
    dashboard = await read('/api/admin/admin/dashboard', admin.token);
    expect(dashboard.consumers).toContainEqual(expect.objectContaining({ name: 'test.dashboard', parked: 0 }));
    expect(dashboard.consumers.find((row: { name: string }) => row.name === 'test.dashboard').lag).toBeGreaterThan(0);

    await runner.drain();
    const handledOnce = (await handled(t.db, 'test.dashboard')).filter((row) => row.event_id === eventId);
    expect(handledOnce).toHaveLength(1);

    const again = await retry({ consumer: 'test.dashboard', eventId, reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain(`${eventId}`);
    const unknown = await retry({ consumer: 'test.nobody', eventId, reason: 'who?' });
    expect(unknown.statusCode).toBe(404);
    const audit = await auditRowsOf(t, admin.userId);
    expect(audit.map((row) => [row.action, row.target, row.reason])).toEqual([
      ['events.retryParked', `event:${eventId}`, 'the handler is fixed'],
    ]);
  }, 60_000);

  it('refuses a retry without a consumer, naming the field, in the caller’s language', async () => {
    const admin = await createOperator(t, ['admin']);
    for (const [locale, text] of [
      ['en-US', 'event consumer'],
      ['zh-CN', '事件消费者'],
    ] as const) {
      const refused = await t.request({
        method: 'POST',
        url: '/api/admin/admin/dashboard/parked-events/retry',
        token: admin.token,
        locale,
        payload: { eventId: '1', reason: 'x' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toContain(text);
    }
  });
});
