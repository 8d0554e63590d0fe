import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { FixedClock } from '../../src/jobs/clock.js';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { effectJob, effectsOf, type EffectJobOptions } from '../helpers/effect-jobs.js';
import { createScratchTables, insertItems } from '../helpers/scratch-tables.js';
import { exitOf, spawnTs, waitForLine } from '../helpers/spawn.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// Real PostgreSQL only: PGlite is one session and cannot show two workers sharing rows, or a crash (ARCHITECTURE §4).
let testDatabase: TestDatabase;
const instances: Database[] = [];
const log = pino({ level: 'silent' });

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await createScratchTables(testDatabase.database.db);
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await testDatabase.drop();
});

/** A scheduler instance with its own pool, as another server process would have. */
function instance(clock: FixedClock, job: EffectJobOptions) {
  const database = openPostgres(testDatabase.url!, 4);
  instances.push(database);
  return new Scheduler({ db: database.db, clock, log, timeZone: 'UTC', owner: job.worker, jobs: [effectJob(job)] });
}

const slowRow = async () => {
  await sleep(1);
};

const runOf = async (job: string) =>
  (
    await queryRows<{ status: string; owner: string; attempts: number }>(
      testDatabase.database.db,
      sql`SELECT status, owner, attempts FROM job_runs WHERE job = ${job}`,
    )
  )[0];

describe('two scheduler instances on one batch period', () => {
  it('share its rows, and neither applies a row the other did', async () => {
    await insertItems(testDatabase.database.db, { count: 400, ownerId: 1n, prefix: 'shared' });
    const clock = new FixedClock(new Date('2026-11-21T00:00:00Z'));
    const job = { name: 'test.shared', ownerId: 1n, batchSize: 10, onRow: slowRow };
    const a = instance(clock, { ...job, worker: 'a' });
    const b = instance(clock, { ...job, worker: 'b' });
    const ran = await Promise.all([a.tick(), b.tick()]);

    expect(ran.flat()).toEqual([{ job: 'test.shared', period: '2026-11-21T00:00' }]);
    const effects = await effectsOf(testDatabase.database.db, { ownerId: 1n, period: '2026-11-21T00:00' });
    expect(effects).toMatchObject({ items: 400, exactlyOnce: true });
    expect(effects.byWorker.a! + effects.byWorker.b!).toBe(400);
    expect(effects.byWorker.a).toBeGreaterThan(0);
    expect(effects.byWorker.b).toBeGreaterThan(0);
  });

  it('leave a job with an outside step to the instance that claimed the period', async () => {
    await insertItems(testDatabase.database.db, { count: 60, ownerId: 2n, prefix: 'step' });
    const clock = new FixedClock(new Date('2026-11-21T00:00:00Z'));
    const job = { name: 'test.step', ownerId: 2n, withStep: true, onRow: slowRow };
    await Promise.all([
      instance(clock, { ...job, worker: 'a' }).tick(),
      instance(clock, { ...job, worker: 'b' }).tick(),
    ]);

    const effects = await effectsOf(testDatabase.database.db, { ownerId: 2n, period: '2026-11-21T00:00' });
    expect(effects).toMatchObject({ items: 60, exactlyOnce: true });
    expect(Object.values(effects.byWorker)).toEqual([60]);
  });
});

describe('a batch period interrupted by a crash', () => {
  const at = '2026-11-21T05:00:00Z';
  const period = '2026-11-21T05:00';

  async function crash(name: string, ownerId: bigint, step: boolean) {
    await insertItems(testDatabase.database.db, { count: 200, ownerId, prefix: name });
    const args = [testDatabase.url!, at, name, String(ownerId), '65', step ? 'step' : 'apply'];
    const worker = spawnTs('test/fixtures/batch-crash-worker.ts', args);
    await waitForLine(worker, /half-done/);
    worker.kill('SIGKILL');
    await exitOf(worker);
  }

  async function finishAfterCrash(name: string, ownerId: bigint, step: boolean) {
    const survivor = instance(new FixedClock(new Date(at)), { name, ownerId, worker: 'survivor', withStep: step });
    for (let tries = 0; (await runOf(name))?.status !== 'done' && tries < 50; tries += 1) {
      await survivor.tick();
      await sleep(100);
    }
    return effectsOf(testDatabase.database.db, { ownerId, period });
  }

  it('is finished by the next instance, keeping the rows committed before it and doing none twice', async () => {
    await crash('test.crash-apply', 3n, false);
    const effects = await finishAfterCrash('test.crash-apply', 3n, false);

    expect(effects).toEqual({ items: 200, exactlyOnce: true, byWorker: { doomed: 60, survivor: 140 } });
    expect(await runOf('test.crash-apply')).toMatchObject({ status: 'done' });
  });

  it('is taken over after the lease runs out when the crash hit the outside step', async () => {
    await crash('test.crash-step', 4n, true);
    const effects = await finishAfterCrash('test.crash-step', 4n, true);

    expect(effects).toEqual({ items: 200, exactlyOnce: true, byWorker: { doomed: 60, survivor: 140 } });
    expect(await runOf('test.crash-step')).toEqual({ status: 'done', owner: 'survivor', attempts: 2 });
  });
});
