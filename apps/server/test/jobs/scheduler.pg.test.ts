import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { FixedClock } from '../../src/jobs/clock.js';
import { Scheduler, type JobDefinition } from '../../src/jobs/scheduler.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { exitOf, spawnTs, waitForLine } from '../helpers/spawn.js';

// Real PostgreSQL only: PGlite is one session and cannot show a race or a crash (ARCHITECTURE §4).
let testDatabase: TestDatabase;
const instances: Database[] = [];
const log = pino({ level: 'silent' });

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await testDatabase.database.db.execute(sql`CREATE TABLE job_effects (job text, period text, worker text)`);
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await testDatabase.drop();
});

const slowJob = (name: string, worker: string): JobDefinition => ({
  name,
  cadence: 'minute',
  catchUp: 120,
  run: async (tx, { period }) => {
    await tx.execute(sql`INSERT INTO job_effects (job, period, worker) VALUES (${name}, ${period}, ${worker})`);
    await tx.execute(sql`SELECT pg_sleep(0.002)`);
  },
});

function instance(name: string, clock: FixedClock, worker: string) {
  const database = openPostgres(testDatabase.url!, 4);
  instances.push(database);
  return new Scheduler({ db: database.db, clock, log, timeZone: 'UTC', owner: worker, jobs: [slowJob(name, worker)] });
}

describe('two scheduler instances on one PostgreSQL', () => {
  it('never run the same (job, period) twice, tick by tick or catching up', async () => {
    const clock = new FixedClock(new Date('2026-11-21T00:00:00Z'));
    const a = instance('test.race', clock, 'a');
    const b = instance('test.race', clock, 'b');
    await Promise.all([a.tick(), b.tick()]);
    for (let minute = 1; minute <= 20; minute += 1) {
      clock.set(new Date(Date.UTC(2026, 10, 21, 0, minute)));
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    }
    clock.set(new Date(Date.UTC(2026, 10, 21, 1, 30)));
    await Promise.all([a.tick(), b.tick()]);

    const rows = await queryRows<{ period: string; runs: string }>(
      testDatabase.database.db,
      sql`SELECT period, count(*)::text AS runs FROM job_effects WHERE job = 'test.race' GROUP BY period`,
    );
    expect(rows).toHaveLength(91);
    expect(rows.every((row) => row.runs === '1')).toBe(true);
  });
});

describe('a run interrupted mid-way', () => {
  it('is completed exactly once after the instance that held it is killed', async () => {
    const at = '2026-11-21T03:00:00Z';
    const worker = spawnTs('test/fixtures/stuck-job-worker.ts', [testDatabase.url!, at]);
    await waitForLine(worker, /half-done/);
    worker.kill('SIGKILL');
    await exitOf(worker);

    const clock = new FixedClock(new Date(at));
    const survivor = new Scheduler({
      db: testDatabase.database.db,
      clock,
      log,
      timeZone: 'UTC',
      owner: 'survivor',
      jobs: [slowJob('test.crash', 'survivor')],
    });
    // The dead worker's lease (1 s) must run out before anyone may take its period over.
    expect(await survivor.tick()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await survivor.tick()).toEqual([{ job: 'test.crash', period: '2026-11-21T03:00' }]);
    await survivor.tick();

    const effects = await queryRows<{ worker: string }>(
      testDatabase.database.db,
      sql`SELECT worker FROM job_effects WHERE job = 'test.crash'`,
    );
    expect(effects).toEqual([{ worker: 'survivor' }]);
    const [run] = await queryRows<{ status: string; owner: string; attempts: number }>(
      testDatabase.database.db,
      sql`SELECT status, owner, attempts FROM job_runs WHERE job = 'test.crash'`,
    );
    expect(run).toEqual({ status: 'done', owner: 'survivor', attempts: 2 });
  });
});
