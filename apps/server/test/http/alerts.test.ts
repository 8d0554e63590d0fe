import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs } from '../../src/events/consumer-runner.js';
import { FixedClock, type AdjustableClock } from '../../src/jobs/clock.js';
import { startComputeApp } from '../applications/application-helpers.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { consumerRunner, effectConsumer, recordEvents, testEvent } from '../helpers/event-consumers.js';
import { createSignedInUser } from '../helpers/factories.js';
import { createOperator } from '../helpers/operators.js';
import {
  inputSeries,
  parseScrape,
  promtool,
  promtoolInstalled,
  promtoolRequired,
  readRules,
  testRules,
  type Scrape,
} from '../helpers/promtool.js';
import { notifyAlipay, openRecharge } from '../helpers/recharges.js';
import { createScratchTables } from '../helpers/scratch-tables.js';
import { fund } from '../helpers/wallets.js';
import { startLivePayments } from '../recharge/live-payments.js';

const RULES = path.resolve(import.meta.dirname, '../../../../deploy/prometheus/alerts.yml');
const ALERTS = [
  'BillingTickLate',
  'JobFailing',
  'PaymentNotificationsRefused',
  'EventConsumerParked',
  'EventConsumerStuck',
  'NoFreeGpus',
  'LedgerCheckFailing',
  'HighServerErrorRate',
];
// The healthy platform for this long, then the broken one: long enough for every rule's `for`.
const BEFORE_MINUTES = 10;
const AFTER_MINUTES = 30;

// Skipped (and reported so) without promtool, unless CI requires it: then its absence fails the test.
describe.skipIf(!promtoolInstalled && !promtoolRequired)('the Prometheus alert rules', () => {
  let t: TestApp;
  let payments: Awaited<ReturnType<typeof startLivePayments>>;
  let healthy: Scrape;
  let broken: Scrape;

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode, response.body).toBe(200);
    return parseScrape(response.body, (name) => name.startsWith('suanli_') || name === 'http_requests_total');
  };

  beforeAll(async () => {
    payments = await startLivePayments();
    ({ t } = await startComputeApp({ ...payments.env, RATE_LIMIT_PER_MINUTE: '0' }));
    await createScratchTables(t.db);
    // Healthy: every job has run once, every consumer has caught up.
    await t.app.scheduler.tick();
    healthy = await scrape();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await payments?.close();
  });

  it('pass promtool check rules', () => {
    const checked = promtool(['check', 'rules', RULES]);
    expect(checked.output).toContain(`SUCCESS: ${ALERTS.length} rules found`);
    expect(checked.ok, checked.output).toBe(true);
  });

  it('each carry a severity, a summary and a description', () => {
    const rules = readRules(RULES).groups.flatMap((group) => group.rules);
    expect(rules.map((rule) => rule.alert)).toEqual(ALERTS);
    for (const rule of rules) {
      expect(rule.labels, rule.alert).toEqual({ severity: expect.stringMatching(/^(critical|warning)$/) });
      expect(Object.keys(rule.annotations ?? {}).sort(), rule.alert).toEqual(['description', 'summary']);
    }
  });

  it('stay silent on the healthy platform’s metrics', () => {
    const series = inputSeries(healthy, null, BEFORE_MINUTES + AFTER_MINUTES, 0);
    const tested = testRules(
      RULES,
      series,
      ALERTS.map((alertname) => ({ evalMinutes: BEFORE_MINUTES + AFTER_MINUTES, alertname, firing: [] })),
    );
    expect(tested.ok, tested.output).toBe(true);
  });

  it('each fire on the metrics of the platform broken their way', async () => {
    const clock = t.clock as AdjustableClock;
    // The billing tick stops: half an hour passes without one (which also makes the ledger check due again).
    clock.advance(30);

    // A payment notification for another amount than the order's is refused.
    const payer = await createSignedInUser(t);
    const order = await openRecharge(t, payer.token, 30, 'alipay');
    payments.alipay.scan(order.orderNo);
    payments.alipay.pay(order.orderNo);
    const refused = await notifyAlipay(t, payments.alipay.notification(order.orderNo, { total_amount: '0.01' }));
    expect(refused.body).toBe('failure');

    // A consumer gives up on an event and parks it; then an event is written that no consumer has handled yet.
    const consumerClock = new FixedClock(clock.now());
    const runner = consumerRunner(t.testDatabase.database, consumerClock, [
      effectConsumer({ name: 'test.alerts', worker: 'a', failing: { spendable: '13', on: true } }),
    ]);
    await recordEvents(t.db, [testEvent('alerts:1', 13)]);
    for (let attempts = 1; attempts <= MAX_ATTEMPTS; attempts += 1) {
      await runner.drain();
      consumerClock.set(new Date(consumerClock.now().getTime() + retryDelayMs(attempts)));
    }
    await recordEvents(t.db, [testEvent('alerts:2', 2)]);

    // Every L20 (one host in cn-north-1) is drained.
    const fleet = await createOperator(t, ['fleet']);
    const hosts = await t.request({
      method: 'GET',
      url: '/api/admin/fleet/hosts?regionId=cn-north-1&pageSize=100',
      token: fleet.token,
    });
    const l20 = (hosts.json().data.rows as { name: string; id: string; version: number }[]).find(
      (host) => host.name === 'n1-l20-01',
    )!;
    const drained = await t.request({
      method: 'POST',
      url: `/api/admin/fleet/hosts/${l20.id}/state`,
      token: fleet.token,
      payload: { state: 'draining', version: l20.version, reason: 'maintenance' },
    });
    expect(drained.statusCode, drained.body).toBe(200);

    // A balance no longer matches its entries.
    await fund(t, payer.userId, '10');
    await t.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 100 WHERE user_id = ${payer.userId}`);

    // The database loses a table the balance reads: those requests answer 500.
    await t.db.execute(sql`ALTER TABLE ledger_accounts RENAME TO ledger_accounts_away`);
    for (let request = 0; request < 20; request += 1) {
      const failed = await t.request({
        method: 'GET',
        url: '/api/recharge/order-info/selectBalance',
        token: payer.token,
      });
      expect(failed.statusCode).toBe(500);
    }
    await t.db.execute(sql`ALTER TABLE ledger_accounts_away RENAME TO ledger_accounts`);

    broken = await scrape();
    // Mended, for the ledger check every test file ends with.
    await t.db.execute(sql`UPDATE ledger_accounts SET balance = balance - 100 WHERE user_id = ${payer.userId}`);
    const consumers = [...broken.keys()]
      .map((series) => /^suanli_event_consumer_lag\{consumer="([^"]+)"\}$/.exec(series)?.[1])
      .filter((name) => name !== undefined);
    expect(consumers).toContain('test.alerts');

    const at = BEFORE_MINUTES + AFTER_MINUTES;
    const firing = (alertname: string, labels: Record<string, string>[]) => ({
      evalMinutes: at,
      alertname,
      firing: labels,
    });
    const tested = testRules(RULES, inputSeries(healthy, broken, BEFORE_MINUTES, AFTER_MINUTES), [
      firing('BillingTickLate', [{ severity: 'critical' }]),
      firing('JobFailing', []),
      firing('PaymentNotificationsRefused', [{ severity: 'critical' }]),
      firing('EventConsumerParked', [{ severity: 'warning', consumer: 'test.alerts' }]),
      firing(
        'EventConsumerStuck',
        consumers.map((consumer) => ({ severity: 'critical', consumer })),
      ),
      firing('NoFreeGpus', [{ severity: 'warning', model: 'L20' }]),
      firing('LedgerCheckFailing', [{ severity: 'critical' }]),
      firing('HighServerErrorRate', [{ severity: 'critical' }]),
    ]);
    expect(tested.ok, tested.output).toBe(true);
  });
});
