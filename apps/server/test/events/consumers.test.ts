import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { MAX_ATTEMPTS, retryDelayMs } from '../../src/events/consumer-runner.js';
import { recordEvent } from '../../src/events/index.js';
import { replayFrom } from '../../src/events/operations.queries.js';
import { FixedClock } from '../../src/jobs/clock.js';
import {
  consumerRow,
  consumerRunner,
  effectConsumer,
  handled,
  parkedOf,
  recordEvents,
  testEvent,
} from '../helpers/event-consumers.js';
import { createScratchTables, scratchItems } from '../helpers/scratch-tables.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  await createScratchTables(db);
});
afterAll(() => testDatabase.drop());

/** What the consumer handled of the events of subjects of `kind`, in order (a new consumer starts at the first). */
const spendables = async (consumer: string, kind: string) =>
  (await handled(db, consumer)).filter((row) => row.subject.startsWith(`${kind}:`)).map((row) => Number(row.spendable));

describe('recording an event', () => {
  it('refuses a payload its schema does not accept, and the fact it reports rolls back with it', async () => {
    const write = inTransaction(db, async (tx) => {
      await tx.insert(scratchItems).values({ ownerId: 7n, label: 'the-fact', hits: 0 });
      await recordEvent(tx, { ...testEvent('user:7', 1), payload: { userId: '7', level: 'soon' } as never });
    });

    await expect(write).rejects.toThrow(/balance\.low.*payload/);
    const facts = await queryRows(db, sql`SELECT 1 FROM scratch_items WHERE label = 'the-fact'`);
    const events = await queryRows(db, sql`SELECT 1 FROM events WHERE subject = 'user:7'`);
    expect([facts, events]).toEqual([[], []]);
  });
});

describe('a consumer', () => {
  it('wakes when events commit, without waiting for the scheduler', async () => {
    const clock = new FixedClock(new Date('2026-11-26T00:00:00Z'));
    const runner = consumerRunner(testDatabase.database, clock, [effectConsumer({ name: 'test.awake', worker: 'a' })]);
    runner.start();
    try {
      await recordEvents(db, [testEvent('awake:1', 1)]);
      for (let tries = 0; (await spendables('test.awake', 'awake')).length === 0 && tries < 100; tries += 1) {
        await sleep(50);
      }
      expect(await spendables('test.awake', 'awake')).toEqual([1]);
    } finally {
      await runner.stop();
    }
  });

  it('handles each event of its types once, in order, and then only the ones written after', async () => {
    const clock = new FixedClock(new Date('2026-11-26T00:00:00Z'));
    const runner = consumerRunner(testDatabase.database, clock, [
      effectConsumer({ name: 'test.in-order', worker: 'a', batchSize: 4 }),
    ]);
    await recordEvents(
      db,
      [1, 2, 3, 4, 5].map((n) => testEvent(`user:${n % 2}`, n)),
    );
    await recordEvents(
      db,
      [6, 7].map((n) => testEvent('user:1', n)),
    );

    await runner.drain();
    await runner.drain();
    expect(await spendables('test.in-order', 'user')).toEqual([1, 2, 3, 4, 5, 6, 7]);

    await recordEvents(db, [testEvent('user:3', 8)]);
    await runner.drain();
    expect(await spendables('test.in-order', 'user')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('retries a failing event with growing waits, then parks it and holds its subject while others go on', async () => {
    const clock = new FixedClock(new Date('2026-11-26T01:00:00Z'));
    const failing = { spendable: '666', on: true };
    const runner = consumerRunner(testDatabase.database, clock, [
      effectConsumer({ name: 'test.fragile', worker: 'a', failing }),
    ]);
    await recordEvents(db, [testEvent('fragile:10', 1), testEvent('fragile:20', 666), testEvent('fragile:20', 2)]);
    await recordEvents(db, [testEvent('fragile:30', 3)]);

    await runner.drain();
    // The event before the poison one is handled and kept; the failure is recorded, and nothing after it runs.
    expect(await spendables('test.fragile', 'fragile')).toEqual([1]);
    expect(await consumerRow(db, 'test.fragile')).toEqual({
      attempts: 1,
      last_error: 'cannot handle 666',
      retry_at: '2026-11-26T01:00:10.000Z',
    });
    await runner.drain();
    expect((await consumerRow(db, 'test.fragile'))?.attempts).toBe(1);

    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts += 1) {
      clock.set(new Date(clock.now().getTime() + retryDelayMs(attempts)));
      await runner.drain();
    }
    expect([retryDelayMs(1), retryDelayMs(4), retryDelayMs(9)]).toEqual([10_000, 80_000, 600_000]);

    // Given up at the fifth attempt: parked with its error, its subject's later event held behind it, others handled.
    expect(await spendables('test.fragile', 'fragile')).toEqual([1, 3]);
    expect(await parkedOf(db, 'test.fragile')).toEqual([
      { spendable: '666', subject: 'fragile:20', error: 'cannot handle 666', attempts: 5, held: false },
      { spendable: '2', subject: 'fragile:20', error: null, attempts: 0, held: true },
    ]);
    expect(await consumerRow(db, 'test.fragile')).toEqual({ attempts: 0, last_error: null, retry_at: null });

    await recordEvents(db, [testEvent('fragile:20', 4), testEvent('fragile:40', 5)]);
    await runner.drain();
    expect(await spendables('test.fragile', 'fragile')).toEqual([1, 3, 5]);
    expect((await parkedOf(db, 'test.fragile')).map((row) => row.spendable)).toEqual(['666', '2', '4']);

    // Once the cause is fixed, a replay from the poison event handles everything from there again, in order.
    failing.on = false;
    const [poison] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id::text FROM events WHERE payload->>'spendable' = '666'`,
    );
    expect(await inTransaction(db, (tx) => replayFrom(tx, 'test.fragile', BigInt(poison!.id)))).toBe(3);
    await runner.drain();
    expect(await spendables('test.fragile', 'fragile')).toEqual([1, 3, 5, 666, 2, 3, 4, 5]);
    expect(await parkedOf(db, 'test.fragile')).toEqual([]);
  });
});
