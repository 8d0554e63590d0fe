import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { defineBatchJob } from '../../src/jobs/batch-job.js';
import { FixedClock } from '../../src/jobs/clock.js';
import { Scheduler, type ScheduledJob } from '../../src/jobs/scheduler.js';
import { effectJob, effectsOf } from '../helpers/effect-jobs.js';
import { createScratchTables, insertItems, scratchEffects, scratchItems } from '../helpers/scratch-tables.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let testDatabase: TestDatabase;
let db: Db;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  await createScratchTables(db);
});
afterAll(() => testDatabase.drop());

const scheduler = (clock: FixedClock, job: ScheduledJob, retryMs = 30_000) =>
  new Scheduler({ db, clock, log, timeZone: 'UTC', owner: 'only', retryMs, jobs: [job] });

/**
 * A job done by its rows' state: an item is due while it has no hit, and its effect counts one, or with `moves: false`
 * forgets to, which leaves the row due after its effect.
 */
const rowStateJob = (options: { name: string; ownerId: bigint; moves: boolean }) =>
  defineBatchJob({
    name: options.name,
    cadence: 'minute',
    batchSize: 20,
    table: scratchItems,
    doneBy: 'row',
    where: () => and(eq(scratchItems.ownerId, options.ownerId), eq(scratchItems.hits, 0)),
    apply: async (tx, { row }, { period }) => {
      await tx.insert(scratchEffects).values({ itemId: row.id, period, worker: 'row' });
      if (options.moves) {
        await tx.update(scratchItems).set({ hits: 1 }).where(eq(scratchItems.id, row.id));
      }
    },
  });

const runOf = async (job: string) =>
  queryRows<{ period: string; status: string }>(db, sql`SELECT period, status FROM job_runs WHERE job = ${job}`);

describe('a batch job', () => {
  it('applies each of a few hundred rows exactly once per period, in chunks', async () => {
    await insertItems(db, { count: 300, ownerId: 1n, prefix: 'once' });
    await insertItems(db, { count: 7, ownerId: 99n, prefix: 'not-due' });
    const clock = new FixedClock(new Date('2026-11-21T00:00:10Z'));
    const batch = scheduler(clock, effectJob({ name: 'test.batch-once', worker: 'a', ownerId: 1n, batchSize: 25 }));

    expect(await batch.tick()).toEqual([{ job: 'test.batch-once', period: '2026-11-21T00:00' }]);
    expect(await batch.tick()).toEqual([]);
    clock.set(new Date('2026-11-21T00:01:10Z'));
    expect(await batch.tick()).toEqual([{ job: 'test.batch-once', period: '2026-11-21T00:01' }]);

    for (const period of ['2026-11-21T00:00', '2026-11-21T00:01']) {
      expect(await effectsOf(db, { ownerId: 1n, period })).toEqual({
        items: 300,
        exactlyOnce: true,
        byWorker: { a: 300 },
      });
    }
    expect((await effectsOf(db, { ownerId: 99n, period: '2026-11-21T00:00' })).byWorker).toEqual({ '': 7 });
    expect((await runOf('test.batch-once')).every((run) => run.status === 'done')).toBe(true);
    // A per-minute job's row keys are forgotten a day later: a minute's keys are needed only while it is worked.
    const [kept] = await queryRows<{ keys: number; until: string }>(
      db,
      sql`SELECT count(*)::int AS keys, to_char(max(expires_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS until
          FROM processed_keys WHERE scope = 'test.batch-once' AND key LIKE '2026-11-21T00:00:%'`,
    );
    expect(kept).toEqual({ keys: 300, until: '2026-11-22T00:00:10' });
  });

  it('calls the outside step outside any transaction, and applies what it returned', async () => {
    await insertItems(db, { count: 45, ownerId: 2n, prefix: 'step' });
    const clock = new FixedClock(new Date('2026-11-21T01:00:00Z'));
    // On PGlite a query on the plain handle waits for any open transaction, so this would hang inside one.
    const job = effectJob({
      name: 'test.batch-step',
      worker: 'driver',
      ownerId: 2n,
      withStep: true,
      onRow: async () => {
        await db.execute(sql`SELECT 1`);
      },
    });
    expect(await scheduler(clock, job).tick()).toHaveLength(1);
    expect(await effectsOf(db, { ownerId: 2n, period: '2026-11-21T01:00' })).toEqual({
      items: 45,
      exactlyOnce: true,
      byWorker: { driver: 45 },
    });
  });

  it('keeps the chunks done before a failure, and resumes after it without repeating a row', async () => {
    await insertItems(db, { count: 100, ownerId: 3n, prefix: 'fail' });
    const clock = new FixedClock(new Date('2026-11-21T02:00:00Z'));
    let failures = 1;
    const job = effectJob({
      name: 'test.batch-fail',
      worker: 'a',
      ownerId: 3n,
      batchSize: 20,
      onRow: async (seen) => {
        if (seen === 50 && failures > 0) {
          failures -= 1;
          throw new Error('provider down');
        }
      },
    });
    const batch = scheduler(clock, job, 0);
    expect(await batch.tick()).toEqual([]);
    const halfway = await effectsOf(db, { ownerId: 3n, period: '2026-11-21T02:00' });
    expect(halfway.byWorker).toEqual({ a: 40, '': 60 });
    expect(await runOf('test.batch-fail')).toEqual([{ period: '2026-11-21T02:00', status: 'running' }]);

    expect(await batch.tick()).toEqual([{ job: 'test.batch-fail', period: '2026-11-21T02:00' }]);
    expect(await effectsOf(db, { ownerId: 3n, period: '2026-11-21T02:00' })).toEqual({
      items: 100,
      exactlyOnce: true,
      byWorker: { a: 100 },
    });
  });

  it('writes no row keys for a job whose effect takes its row out of the due set', async () => {
    await insertItems(db, { count: 90, ownerId: 4n, prefix: 'by-row' });
    const clock = new FixedClock(new Date('2026-11-21T04:00:00Z'));
    expect(await scheduler(clock, rowStateJob({ name: 'test.batch-by-row', ownerId: 4n, moves: true })).tick()).toEqual(
      [{ job: 'test.batch-by-row', period: '2026-11-21T04:00' }],
    );
    expect(await effectsOf(db, { ownerId: 4n, period: '2026-11-21T04:00' })).toEqual({
      items: 90,
      exactlyOnce: true,
      byWorker: { row: 90 },
    });
    const [keys] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM processed_keys WHERE scope = 'test.batch-by-row'`,
    );
    expect(keys!.count).toBe(0);
  });

  it('fails the period rather than applying a row twice when its effect leaves it due', async () => {
    await insertItems(db, { count: 30, ownerId: 5n, prefix: 'stays-due' });
    const clock = new FixedClock(new Date('2026-11-21T05:00:00Z'));
    const job = rowStateJob({ name: 'test.batch-stays-due', ownerId: 5n, moves: false });
    expect(await scheduler(clock, job, 0).tick()).toEqual([]);
    expect(await effectsOf(db, { ownerId: 5n, period: '2026-11-21T05:00' })).toEqual({
      items: 30,
      exactlyOnce: true,
      byWorker: { row: 30 },
    });
    expect(await runOf('test.batch-stays-due')).toEqual([{ period: '2026-11-21T05:00', status: 'running' }]);
  });

  it('claims the rows of one owner together when grouped by owner, each once', async () => {
    const later = await insertItems(db, { count: 12, ownerId: 7n, prefix: 'group-late' });
    const earlier = await insertItems(db, { count: 12, ownerId: 6n, prefix: 'group-early' });
    const more = await insertItems(db, { count: 12, ownerId: 7n, prefix: 'group-more' });
    const job = defineBatchJob({
      name: 'test.batch-grouped',
      cadence: 'minute',
      batchSize: 10,
      table: scratchItems,
      groupBy: scratchItems.ownerId,
      where: () => inArray(scratchItems.ownerId, [6n, 7n]),
      apply: async (tx, { row }, { period }) => {
        await tx.insert(scratchEffects).values({ itemId: row.id, period, worker: 'grouped' });
      },
    });
    const clock = new FixedClock(new Date('2026-11-21T06:00:00Z'));
    expect(await scheduler(clock, job).tick()).toHaveLength(1);
    const applied = await queryRows<{ item: string }>(
      db,
      sql`SELECT item_id::text AS item FROM scratch_effects WHERE worker = 'grouped' ORDER BY id`,
    );
    expect(applied.map((row) => BigInt(row.item))).toEqual([...earlier, ...later, ...more]);
  });

  it('reads only the columns a job names, and refuses a list without those its claims are ordered by', async () => {
    const items = await insertItems(db, { count: 5, ownerId: 8n, prefix: 'narrow' });
    const seen: object[] = [];
    const job = defineBatchJob<typeof scratchItems, undefined, { id: bigint; ownerId: bigint }>({
      name: 'test.batch-narrow',
      cadence: 'minute',
      table: scratchItems,
      groupBy: scratchItems.ownerId,
      columns: { id: scratchItems.id, ownerId: scratchItems.ownerId },
      where: () => eq(scratchItems.ownerId, 8n),
      apply: async (tx, { row }, { period }) => {
        seen.push(row);
        await tx.insert(scratchEffects).values({ itemId: row.id, period, worker: 'narrow' });
      },
    });
    await scheduler(new FixedClock(new Date('2026-11-21T07:00:00Z')), job).tick();
    expect(seen).toEqual(items.map((id) => ({ id, ownerId: 8n })));
    expect(() =>
      defineBatchJob({
        name: 'test.batch-unordered',
        cadence: 'minute',
        table: scratchItems,
        groupBy: scratchItems.ownerId,
        columns: { id: scratchItems.id },
        apply: async () => undefined,
      }),
    ).toThrow(/claim order/);
  });

  it('finishes a period with no rows at once', async () => {
    const clock = new FixedClock(new Date('2026-11-21T03:00:00Z'));
    const job = effectJob({ name: 'test.batch-empty', worker: 'a', ownerId: 404n });
    expect(await scheduler(clock, job).tick()).toEqual([{ job: 'test.batch-empty', period: '2026-11-21T03:00' }]);
  });
});
