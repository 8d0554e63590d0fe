import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { FixedClock } from '../../src/jobs/clock.js';
import { Scheduler, type JobDefinition } from '../../src/jobs/scheduler.js';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let testDatabase: TestDatabase;
let db: Db;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  await db.execute(sql`CREATE TABLE job_effects (job text, period text, worker text)`);
});
afterAll(() => testDatabase.drop());

const effects = (job: string) =>
  queryRows<{ period: string }>(db, sql`SELECT period FROM job_effects WHERE job = ${job} ORDER BY period`);

function recordingJob(name: string, options: { failTimes?: number } = {}): JobDefinition {
  let failures = options.failTimes ?? 0;
  return {
    name,
    cadence: 'minute',
    run: async (tx, { period }) => {
      await tx.execute(sql`INSERT INTO job_effects (job, period, worker) VALUES (${name}, ${period}, 'a')`);
      if (failures > 0) {
        failures -= 1;
        throw new Error('provider down');
      }
    },
  };
}

describe('the scheduler', () => {
  it('runs a job once per period however often it ticks', async () => {
    const clock = new FixedClock(new Date('2026-11-21T00:00:10Z'));
    const scheduler = new Scheduler({ db, clock, log, timeZone: 'UTC', jobs: [recordingJob('test.once')] });
    await scheduler.tick();
    await scheduler.tick();
    clock.set(new Date('2026-11-21T00:00:50Z'));
    await scheduler.tick();
    expect(await effects('test.once')).toEqual([{ period: '2026-11-21T00:00' }]);
  });

  it('catches up the minutes it missed while it was down, each exactly once', async () => {
    const clock = new FixedClock(new Date('2026-11-21T01:00:00Z'));
    const scheduler = new Scheduler({ db, clock, log, timeZone: 'UTC', jobs: [recordingJob('test.catch-up')] });
    await scheduler.tick();
    clock.set(new Date('2026-11-21T01:03:30Z'));
    const ran = await scheduler.tick();
    expect(ran.map((run) => run.period)).toEqual(['2026-11-21T01:01', '2026-11-21T01:02', '2026-11-21T01:03']);
    expect(await effects('test.catch-up')).toHaveLength(4);
  });

  it('rolls back a failed run with its work, and retries it until it succeeds once', async () => {
    const clock = new FixedClock(new Date('2026-11-21T02:00:00Z'));
    const scheduler = new Scheduler({
      db,
      clock,
      log,
      timeZone: 'UTC',
      retryMs: 0,
      jobs: [recordingJob('test.retry', { failTimes: 2 })],
    });
    expect(await scheduler.tick()).toEqual([]);
    expect(await effects('test.retry')).toEqual([]);
    await scheduler.tick();
    await scheduler.tick();
    await scheduler.tick();
    expect(await effects('test.retry')).toEqual([{ period: '2026-11-21T02:00' }]);
    const [run] = await queryRows<{ status: string; attempts: number }>(
      db,
      sql`SELECT status, attempts FROM job_runs WHERE job = 'test.retry'`,
    );
    expect(run).toEqual({ status: 'done', attempts: 3 });
  });
});

describe('the development clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('moves business time forward and runs the daily jobs that fall due', async () => {
    const before = await t.request({ method: 'GET', url: '/api/dev/clock' });
    const start = new Date(before.json().data.now).getTime();
    const response = await t.request({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { advanceMinutes: 2 * 24 * 60 },
    });
    const { data } = response.json();
    expect(data.offsetMinutes).toBe(2 * 24 * 60);
    expect(new Date(data.now).getTime() - start).toBeGreaterThanOrEqual(2 * 24 * 60 * 60_000);
    const purges = data.ran.filter((run: { job: string }) => run.job === 'auth.purge-dead-sessions');
    expect(purges.length).toBeGreaterThanOrEqual(2);
  });

  it('does not exist when development tools are off', async () => {
    const production = await buildTestApp({ DEV_TOOLS: '0' }, { testDatabase: t.testDatabase });
    const response = await production.request({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { advanceMinutes: 1 },
    });
    expect(response.statusCode).toBe(404);
    await production.app.close();
  });
});
