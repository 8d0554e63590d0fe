import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import type { DomainEvent } from '../../src/events/index.js';
import { EVENT_TYPES, isEventType } from '../../src/events/event-types.js';
import { FixedClock } from '../../src/jobs/clock.js';
import { invitesConsumers } from '../../src/modules/invites/invites.consumers.js';
import { inviteJobs } from '../../src/modules/invites/invites.jobs.js';
import { inviteRewards } from '../../src/modules/invites/invites.tables.js';
import pino from 'pino';
import { billingScheduler } from '../fixtures/billing-scheduler.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { charge } from '../helpers/vouchers.js';
import { countGrowth, fund, runLedgerCheck } from '../helpers/wallets.js';
import { amountsOf, inviterAndFriend, recharge } from './invite-helpers.js';

// Real PostgreSQL only: the invites consumer handling its events a second time on two instances at once (a replay),
// then two instances' grant jobs, one a minute ahead of the other, taking the same due rewards; and two instances
// applying one reward from the same read of its row, which only the key claimed in the granting transaction stops.
const PAIRS = 6;
let t: TestApp;
const env = { RATE_LIMIT_PER_MINUTE: '0' };
const instances: Database[] = [];

beforeAll(async () => {
  t = await buildTestApp(env);
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await t.close();
});

function instance() {
  const database = openPostgres(t.testDatabase.url!, 4);
  instances.push(database);
  return database;
}

/** The events the invites consumer follows, as the consumer runner hands them over. */
async function trackedEvents(): Promise<DomainEvent[]> {
  const consumer = invitesConsumers[0]!;
  const rows = await queryRows<{ id: string; type: string; subject: string; payload: unknown; occurred_at: Date }>(
    t.db,
    sql`SELECT id::text, type, subject, payload, occurred_at FROM events ORDER BY id`,
  );
  return rows
    .filter((row) => isEventType(row.type) && consumer.types.includes(row.type))
    .map(
      (row) =>
        ({
          id: BigInt(row.id),
          type: row.type,
          subject: row.subject,
          payload: EVENT_TYPES[row.type as keyof typeof EVENT_TYPES].parse(row.payload),
          occurredAt: new Date(row.occurred_at),
        }) as DomainEvent,
    );
}

const friendTotals = () =>
  queryRows<{ recharged: string; consumed: string }>(
    t.db,
    sql`SELECT recharged_units::text AS recharged, consumed_units::text AS consumed FROM invites ORDER BY invitee_id`,
  );

describe('invite rewards on two instances', () => {
  it('counts each event once and grants each reward once, whoever handles and grants it', async () => {
    const pairs = await Promise.all(Array.from({ length: PAIRS }, () => inviterAndFriend(t)));
    for (const { friend } of pairs) {
      await recharge(t, friend.token, 10);
      await fund(t, friend.userId, '200');
      await charge(t, friend.userId, '200', { transactionType: 'dataStorage' });
    }
    await countGrowth(t);
    const once = await friendTotals();
    expect(once).toEqual(Array.from({ length: PAIRS }, () => ({ recharged: '100000', consumed: '2000000' })));

    // A replay hands the same events again, here to two instances at once.
    const [consumer] = invitesConsumers;
    const replayers = [instance(), instance()];
    for (const event of await trackedEvents()) {
      await Promise.all(replayers.map((database) => inTransaction(database.db, (tx) => consumer!.handle(tx, event))));
    }
    expect(await friendTotals()).toEqual(once);

    const due = new Date(t.clock.now().getTime() + 3 * 60_000);
    const clocks = [new FixedClock(due), new FixedClock(new Date(due.getTime() + 60_000))];
    const granters = await Promise.all(
      clocks.map((clock, index) =>
        billingScheduler(instance(), clock, env, `granter-${index}`, 'invites.grant-rewards'),
      ),
    );
    await Promise.all(granters.map((granter) => granter.tick()));
    await Promise.all(granters.map((granter) => granter.tick()));

    for (const { inviter } of pairs) {
      expect(await amountsOf(t, inviter.token)).toEqual(['10.00', '50.00']);
    }
    const [notices] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM informs WHERE kind = 'rewardGranted'`,
    );
    expect(notices?.n).toBe(PAIRS * 2);
    expect((await runLedgerCheck(t)).code).toBe(0);
  });

  it('grants a due reward once when two instances apply it from the same read of its row', async () => {
    const pairs = await Promise.all(Array.from({ length: PAIRS }, () => inviterAndFriend(t)));
    for (const { friend } of pairs) {
      await recharge(t, friend.token, 10);
    }
    const [job] = inviteJobs(t.services);
    const pending = await t.db.select().from(inviteRewards).where(eq(inviteRewards.status, 'pending'));
    expect(pending).toHaveLength(PAIRS);
    const now = new Date(t.clock.now().getTime() + 3 * 60_000);
    const context = { period: 'race', now, log: pino({ level: 'silent' }) };
    const appliers = [instance(), instance()];
    for (const row of pending) {
      await Promise.all(
        appliers.map((database) =>
          inTransaction(database.db, (tx) => job!.apply(tx, [{ row, prepared: undefined }], context)),
        ),
      );
    }
    for (const { inviter } of pairs) {
      expect(await amountsOf(t, inviter.token)).toEqual(['10.00']);
    }
  });
});
