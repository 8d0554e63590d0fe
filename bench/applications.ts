// `npm run bench:applications` (PostgreSQL, BENCH_DATABASE_URL): issue 11's compute figures, each beside its bare
// baseline in the same run, on a database of its own that it creates and drops:
// - one per-minute billing tick for N running applications (BENCH_BILLING_SIZES, default 10000) against one
//   set-based UPDATE of as many rows;
// - 200 concurrent creates over HTTP for 100 free GPUs: time until every answer is in, and GPUs held twice (0).
// Results go to bench/results/applications-<date>.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { money, signRequest } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { composeModules } from '../apps/server/src/compose-modules.js';
import { loadConfig, type Config } from '../apps/server/src/config.js';
import { openPostgres, type Database } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { queryRows } from '../apps/server/src/db/sql.js';
import { inTransaction } from '../apps/server/src/db/transaction.js';
import { FixedClock } from '../apps/server/src/jobs/clock.js';
import { Scheduler } from '../apps/server/src/jobs/scheduler.js';
import { resolveKeys } from '../apps/server/src/secrets.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = process.env.BENCH_DATABASE_URL;
const sizes = (process.env.BENCH_BILLING_SIZES ?? '10000').split(',').map(Number);

/** A database of this run's own beside BENCH_DATABASE_URL's, dropped at the end. */
async function scratchDatabase(name: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl!);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 20);
  await migrate(database);
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function configFor(env: Record<string, string>): Promise<Config> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-bench-apps-'));
  return (await resolveKeys(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SCHEDULER: '0', ...env }))).config;
}

const elapsed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

/** `count` running pay-as-you-go applications, one minute unbilled, spread over 1,000 funded users. */
async function seedRunning(database: Database, config: Config, count: number, at: Date) {
  const app = await buildApp({ config, database });
  const { users, wallet } = app.services;
  const owners: bigint[] = [];
  for (let index = 0; index < 1_000; index += 1) {
    const userId = await inTransaction(database.db, (tx) =>
      users.createAccount(tx, { phone: `16${String(index).padStart(9, '0')}` }),
    );
    await wallet.post(database.db, [
      { userId, transactionType: 'recharge', amount: money(10n ** 12n), orderNo: `BENCH-FUND-${userId}` },
    ]);
    owners.push(userId);
  }
  await app.close();
  const since = new Date(at.getTime() - 60_000);
  await database.db.execute(sql`
    INSERT INTO applications (user_id, app_name, image_id, image_name, gpu_model, gpu_count, region_id, host_id,
      billing_mode, desired_state, status, created_at, order_no, hourly_price_units, billed_through, running_since)
    SELECT (${sql.raw(`ARRAY[${owners.join(',')}]`)})[1 + n % 1000], 'bench ' || n, image.id, image.name, 'RTX 4090', 1,
      host.region_id, host.id, 'minute', 'running', 'running', ${since}, 'BENCH-A' || n, 22800, ${since}, ${since}
    FROM generate_series(1, ${count}) AS n,
      (SELECT id, name FROM application_images ORDER BY id LIMIT 1) AS image,
      (SELECT id, region_id FROM hosts ORDER BY id LIMIT 1) AS host`);
}

async function billingTick(size: number) {
  const scratch = await scratchDatabase(`suanli_bench_billing_${size}`);
  try {
    const at = new Date('2026-11-25T04:00:00Z');
    const config = await configFor({});
    await seedRunning(scratch.database, config, size, at);
    const { db, listen } = scratch.database;
    const log = pino({ level: 'silent' });
    const clock = new FixedClock(at);
    const { modules } = composeModules({ config, db, listen, clock, log });
    const job = modules
      .flatMap((module) => module.jobs ?? [])
      .find((each) => each.name === 'applications.bill-minutes')!;
    const scheduler = new Scheduler({ db, clock, log, timeZone: 'UTC', jobs: [job] });

    const bare = await elapsed(() =>
      db.execute(sql`UPDATE applications SET billed_minutes = billed_minutes + 1,
        billed_through = billed_through + interval '1 minute', spent_units = spent_units + 380
        WHERE billing_mode = 'minute' AND status = 'running'`),
    );
    await db.execute(sql`UPDATE applications SET billed_minutes = 0, billed_through = billed_through - interval '1 minute',
      spent_units = 0`);
    const tick = await elapsed(() => scheduler.tick());
    const [billed] = await queryRows<{ minutes: number }>(
      db,
      sql`SELECT count(*)::int AS minutes FROM applications WHERE billed_minutes = 1`,
    );
    await Promise.all(modules.map((module) => module.close?.()));
    console.log(`  billing tick, ${size} applications: ${tick.toFixed(0)} ms (bare UPDATE ${bare.toFixed(0)} ms)`);
    return {
      name: `billing tick, ${size} running`,
      ms: tick,
      bareMs: bare,
      ratio: tick / bare,
      billed: billed!.minutes,
    };
  } finally {
    await scratch.drop();
  }
}

async function racingCreates() {
  const scratch = await scratchDatabase('suanli_bench_creates');
  const fleetDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-bench-fleet-'));
  const fleetFile = path.join(fleetDir, 'fleet.json');
  const hosts = [...Array<number>(12).fill(8), 4].map((gpuCount, index) => ({
    name: `race-${index}`,
    gpuModel: 'RTX 4090',
    gpuCount,
  }));
  writeFileSync(
    fleetFile,
    JSON.stringify({
      gpuModels: [{ model: 'RTX 4090', memoryGb: 24, hourlyPrice: '2.28' }],
      durationDiscounts: { day: 9_500, week: 9_000, month: 8_500, year: 7_500 },
      regions: [{ id: 'cn-east-1', nameZh: '华东一区', nameEn: 'East China 1', hosts }],
    }),
  );
  try {
    const config = await configFor({ FLEET_FILE: fleetFile, RATE_LIMIT_PER_MINUTE: '0' });
    const app = await buildApp({ config, database: scratch.database });
    const { users, sessions } = app.services;
    const tokens: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const userId = await inTransaction(scratch.database.db, async (tx) => {
        const id = await users.createAccount(tx, { phone: `15${String(index).padStart(9, '0')}` });
        await users.setRealNameVerified(tx, id, new Date());
        return id;
      });
      tokens.push((await sessions.create(scratch.database.db, userId)).token);
    }
    const [image] = await queryRows<{ id: string }>(
      scratch.database.db,
      sql`SELECT id::text FROM application_images ORDER BY id LIMIT 1`,
    );
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const create = (token: string) =>
      fetch(`${address}/api/equipment/deviceServer/createApplication`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          sn: signRequest('/equipment/deviceServer/createApplication', Date.now()),
        },
        body: JSON.stringify({ imageId: image!.id, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' }),
      }).then((response) => response.status);
    let statuses: number[] = [];
    const ms = await elapsed(async () => {
      statuses = await Promise.all(Array.from({ length: 200 }, (_, index) => create(tokens[index % 20]!)));
    });
    const [held] = await queryRows<{ twice: number; held: number }>(
      scratch.database.db,
      sql`SELECT (SELECT count(*)::int FROM gpus WHERE application_id IS NOT NULL) AS held,
        (SELECT count(*)::int FROM (SELECT application_id FROM gpus WHERE application_id IS NOT NULL
          GROUP BY application_id HAVING count(*) > 1) AS doubled) AS twice`,
    );
    await app.close();
    const accepted = statuses.filter((status) => status === 200).length;
    console.log(`  200 creates for 100 GPUs: ${ms.toFixed(0)} ms, ${accepted} accepted, ${held!.twice} held twice`);
    return { name: '200 creates for 100 free GPUs', ms, accepted, gpusHeld: held!.held, heldTwice: held!.twice };
  } finally {
    await scratch.drop();
    rmSync(fleetDir, { recursive: true, force: true });
  }
}

if (!baseUrl) {
  console.log('BENCH_DATABASE_URL is unset: these figures are PostgreSQL only.');
  process.exit(0);
}
const rows = [];
for (const size of sizes) {
  rows.push(await billingTick(size));
}
rows.push(await racingCreates());
const stamp = new Date().toISOString();
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
const file = path.join(ROOT, 'bench/results', `applications-${stamp.slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify({ stamp, node: process.version, cpus: os.cpus().length, rows }, null, 2)}\n`);
console.log(`\nsaved ${path.relative(ROOT, file)}`);
