import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client.js';
import { MAX_ATTEMPTS, retryDelayMs } from '../../src/events/consumer-runner.js';
import { FixedClock } from '../../src/jobs/clock.js';
import {
  consumerRunner,
  effectConsumer,
  handled,
  parkedOf,
  recordEvents,
  testEvent,
  type EffectConsumerOptions,
} from '../helpers/event-consumers.js';
import { TEST_DATABASE_URL } from '../helpers/engine.js';
import { createScratchTables } from '../helpers/scratch-tables.js';
import { exitOf, spawnTs, waitForLine } from '../helpers/spawn.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// Real PostgreSQL only: PGlite is one session and cannot show instances racing for events, nor a crash.
let testDatabase: TestDatabase;
const instances: Database[] = [];
const clock = new FixedClock(new Date('2026-11-26T00:00:00Z'));

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await createScratchTables(testDatabase.database.db);
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await testDatabase.drop();
});

/** A server instance's consumer runner, with its own pool. */
function instance(consumer: EffectConsumerOptions) {
  const database = openPostgres(testDatabase.url!, 4);
  instances.push(database);
  return { database, runner: consumerRunner(database, clock, [effectConsumer(consumer)]) };
}

/** What the consumer handled of the events whose subject is of `kind`, in the order it handled them. */
const handledOf = async (consumer: string, kind: string) =>
  (await handled(testDatabase.database.db, consumer)).filter((row) => row.subject.startsWith(`${kind}:`));

/** Drains until `count` events of `kind` are handled (or a generous while has passed). */
async function drainUntil(runner: { drain(): Promise<void> }, consumer: string, kind: string, count: number) {
  for (let tries = 0; (await handledOf(consumer, kind)).length < count && tries < 200; tries += 1) {
    await runner.drain();
    await sleep(50);
  }
}

describe('two instances consuming while a third writes', () => {
  it('handle every event exactly once, each subject in the order it was written', async () => {
    const writer = instance({ name: 'unused', worker: 'writer' }).database.db;
    const a = instance({ name: 'test.shared', worker: 'a', batchSize: 7 }).runner;
    const b = instance({ name: 'test.shared', worker: 'b', batchSize: 7 }).runner;
    let writing = true;
    // Three writers whose transactions overlap and commit out of id order: a slow one holds a low id open.
    const write = async (subject: string, slowly: boolean) => {
      for (let n = 1; n <= 40; n += 1) {
        await recordEvents(writer, [testEvent(subject, n), testEvent(subject, n + 1000)], slowly ? 15 : 0);
      }
    };
    const consume = async (runner: typeof a) => {
      while (writing) {
        await runner.drain();
        await sleep(5);
      }
    };
    const consumers = [consume(a), consume(b)];
    await Promise.all([write('shared:1', true), write('shared:2', false), write('shared:3', false)]);
    writing = false;
    await Promise.all(consumers);
    await drainUntil(a, 'test.shared', 'shared', 240);

    const rows = await handledOf('test.shared', 'shared');
    expect(rows).toHaveLength(240);
    expect(new Set(rows.map((row) => row.event_id)).size).toBe(240);
    for (const subject of ['shared:1', 'shared:2', 'shared:3']) {
      const ids = rows.filter((row) => row.subject === subject).map((row) => BigInt(row.event_id));
      expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : 1)));
    }
    expect(new Set(rows.map((row) => row.worker))).toEqual(new Set(['a', 'b']));
  });
});

describe('a transaction left open', () => {
  /** A session that takes a transaction id and keeps its transaction open until `end` is called. */
  async function openTransaction(url: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('BEGIN');
    await client.query('SELECT pg_current_xact_id()');
    return {
      end: async () => {
        await client.query('COMMIT');
        await client.end();
      },
    };
  }

  it('in this database holds back the events written after it began, until it ends', async () => {
    const { runner } = instance({ name: 'test.held', worker: 'a' });
    await runner.drain();
    const open = await openTransaction(testDatabase.url!);
    await recordEvents(testDatabase.database.db, [testEvent('held:1', 1)]);
    await runner.drain();
    expect(await handledOf('test.held', 'held')).toEqual([]);

    await open.end();
    await runner.drain();
    expect((await handledOf('test.held', 'held')).map((row) => row.spendable)).toEqual(['1']);
  });

  it('in another database of the server holds back nothing', async () => {
    const { runner } = instance({ name: 'test.elsewhere', worker: 'a' });
    const open = await openTransaction(TEST_DATABASE_URL!);
    try {
      await recordEvents(testDatabase.database.db, [testEvent('elsewhere:1', 1)]);
      await runner.drain();
      expect((await handledOf('test.elsewhere', 'elsewhere')).map((row) => row.spendable)).toEqual(['1']);
    } finally {
      await open.end();
    }
  });
});

describe('a consumer killed in the middle of a batch', () => {
  it('is resumed by the next instance where it was: the batches before stay, none is handled twice', async () => {
    await recordEvents(
      testDatabase.database.db,
      Array.from({ length: 200 }, (_, n) => testEvent(`crash:${n % 5}`, n)),
    );
    const worker = spawnTs('test/fixtures/event-consumer-worker.ts', [testDatabase.url!, 'test.crash', '65']);
    await waitForLine(worker, /half-done/);
    worker.kill('SIGKILL');
    await exitOf(worker);

    const survivor = instance({ name: 'test.crash', worker: 'survivor', batchSize: 20 }).runner;
    await drainUntil(survivor, 'test.crash', 'crash', 200);

    const rows = await handledOf('test.crash', 'crash');
    expect(rows.map((row) => Number(row.spendable))).toEqual(Array.from({ length: 200 }, (_, n) => n));
    // The consumer is new, so it began at the first event of this database: three batches of 20 were committed.
    const all = await handled(testDatabase.database.db, 'test.crash');
    expect(new Set(all.map((row) => row.event_id)).size).toBe(all.length);
    expect(all.filter((row) => row.worker === 'doomed')).toHaveLength(60);
  });
});

describe('npm run events', () => {
  async function events(args: string[]) {
    const cli = spawnTs('src/events/events-cli.ts', args, { DATABASE_URL: testDatabase.url!, LOG_LEVEL: 'silent' });
    let output = '';
    cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return { code: (await exitOf(cli)).code, output };
  }

  it('lists the parked events, and replays a consumer from an event once its cause is fixed', async () => {
    const failing = { spendable: '666', on: true };
    const { runner } = instance({ name: 'test.replayed', worker: 'a', failing });
    await recordEvents(testDatabase.database.db, [
      testEvent('cli:1', 666),
      testEvent('cli:1', 1),
      testEvent('cli:2', 2),
    ]);
    await runner.drain();
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts += 1) {
      clock.set(new Date(clock.now().getTime() + retryDelayMs(attempts)));
      await runner.drain();
    }
    expect((await parkedOf(testDatabase.database.db, 'test.replayed')).map((row) => row.spendable)).toEqual([
      '666',
      '1',
    ]);

    const parked = await events(['parked', 'test.replayed']);
    expect(parked.code).toBe(0);
    expect(parked.output).toContain('cannot handle 666');
    const listed = await events(['list']);
    expect(listed.output).toMatch(/test\.replayed.*\b2\b/);
    const poison = /│\s*\d+\s*│\s*'test\.replayed'\s*│\s*'(\d+)'/.exec(parked.output)![1]!;

    failing.on = false;
    expect(await events(['replay', 'test.replayed', '--from', poison])).toEqual({
      code: 0,
      output: expect.stringContaining(`test.replayed replays from event ${poison} (2 un-parked)`) as string,
    });
    await drainUntil(runner, 'test.replayed', 'cli', 5);
    expect((await handledOf('test.replayed', 'cli')).map((row) => row.spendable)).toEqual(['2', '666', '1', '2']);
    expect(await parkedOf(testDatabase.database.db, 'test.replayed')).toEqual([]);
    expect((await events(['replay', 'test.replayed'])).code).toBe(2);
  });
});
