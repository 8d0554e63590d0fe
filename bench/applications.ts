// `npm run bench:applications` (PostgreSQL, BENCH_DATABASE_URL): issue 11's compute figures, each beside its bare
// baseline in the same run, on databases of its own that it creates and drops. BENCH_APPS_PARTS picks the parts
// (default `billing,creates,list`):
// - billing: one per-minute billing tick for N running applications (BENCH_BILLING_SIZES, default 10000) against one
//   set-based UPDATE of as many rows;
// - creates: 200 concurrent creates over HTTP for 100 free GPUs: time until every answer is in, and proof that no GPU
//   was given twice and every accepted application holds exactly the GPUs it asked for;
// - list: the application list's first page for a user owning 10,000 applications (10,000 more of other users) under
//   wrk, against the bare single-SELECT handler, one server at a time (servers.mjs, as `npm run bench`).
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
import { load, startApiServer, startSelectServer, stop } from './servers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = process.env.BENCH_DATABASE_URL;
const sizes = (process.env.BENCH_BILLING_SIZES ?? '10000').split(',').map(Number);
const PARTS = ['billing', 'creates', 'list'];
const parts = (process.env.BENCH_APPS_PARTS ?? PARTS.join(',')).split(',').map((part) => part.trim());
const unknownParts = parts.filter((part) => !PARTS.includes(part));
// With a folder, the list part's API server writes a V8 CPU profile there when it stops (`node --cpu-prof`).
const profileDir = process.env.BENCH_PROFILE_DIR;

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
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function configFor(
  env: Record<string, string>,
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-bench-apps-')),
): Promise<Config> {
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
      {
        userId,
        transactionType: 'recharge',
        amount: money(10n ** 12n),
        orderNo: `BENCH-FUND-${userId}`,
        counter: 'clearing.wechat',
      },
    ]);
    owners.push(userId);
  }
  await app.close();
  const since = new Date(at.getTime() - 60_000);
  await database.db.execute(sql`
    INSERT INTO applications (user_id, app_name, image_id, image_name, gpu_model, gpu_count, region_id, host_id,
      billing_mode, desired_state, status, created_at, order_no, hourly_price_units, billed_through, running_since,
      last_seen_running_at)
    SELECT (${sql.raw(`ARRAY[${owners.join(',')}]`)})[1 + n % 1000], 'bench ' || n, image.id, image.name, 'RTX 4090', 1,
      host.region_id, host.id, 'minute', 'running', 'running', ${since}, 'BENCH-A' || n, 22800, ${since}, ${since},
      ${at}
    FROM generate_series(1, ${count}) AS n,
      (SELECT id, name FROM application_images ORDER BY id LIMIT 1) AS image,
      (SELECT id, region_id FROM hosts ORDER BY id LIMIT 1) AS host`);
  // As in a steady state: autovacuum has analyzed the tables.
  await database.db.execute(sql`ANALYZE`);
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

    // Each timing starts from a vacuumed table and a checkpoint: the rows the seed (and the reset below) wrote would
    // otherwise bring autovacuum and PostgreSQL's next checkpoint into one timing or the other, seconds apart.
    const checkpoint = async () => {
      await db.execute(sql`VACUUM (ANALYZE) applications`);
      await db.execute(sql`CHECKPOINT`);
    };
    await checkpoint();
    const bare = await elapsed(() =>
      db.execute(sql`UPDATE applications SET billed_minutes = billed_minutes + 1,
        billed_through = billed_through + interval '1 minute', spent_units = spent_units + 380
        WHERE billing_mode = 'minute' AND status = 'running'`),
    );
    await db.execute(sql`UPDATE applications SET billed_minutes = 0, billed_through = billed_through - interval '1 minute',
      spent_units = 0`);
    await checkpoint();
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

const GPU_COUNT = 1;

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
      // The RTX 3090 is priced but on no host: the warm-up's creates take the whole path and are all sold out.
      gpuModels: [
        { model: 'RTX 4090', memoryGb: 24, hourlyPrice: '2.28' },
        { model: 'RTX 3090', memoryGb: 24, hourlyPrice: '1.58' },
      ],
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
    const create = (token: string, gpuModel: string) =>
      fetch(`${address}/api/equipment/deviceServer/createApplication`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          sn: signRequest('/equipment/deviceServer/createApplication', Date.now()),
        },
        body: JSON.stringify({ imageId: image!.id, gpuModel, gpuCount: GPU_COUNT, billingMode: 'minute' }),
      }).then((response) => response.status);
    const race = (gpuModel: string) =>
      Promise.all(Array.from({ length: 200 }, (_, index) => create(tokens[index % 20]!, gpuModel)));
    // A server that has been up a while: its pool's connections open, its code compiled, its statements prepared.
    const warmUp = await race('RTX 3090');
    if (warmUp.some((status) => status !== 422)) {
      throw new Error(`the warm-up's creates were not all sold out: ${[...new Set(warmUp)].join(', ')}`);
    }
    let statuses: number[] = [];
    const ms = await elapsed(async () => {
      statuses = await race('RTX 4090');
    });
    // No GPU given twice (gpus.application_id names one holder, so the proof is in the holders): every accepted
    // application holds exactly its gpuCount GPUs, the GPUs held are accepted × gpuCount, and no more than the 100.
    const [held] = await queryRows<{ held: number; holders: number; miscounted: number }>(
      scratch.database.db,
      sql`SELECT (SELECT count(*)::int FROM gpus WHERE application_id IS NOT NULL) AS held,
        (SELECT count(DISTINCT application_id)::int FROM gpus WHERE application_id IS NOT NULL) AS holders,
        (SELECT count(*)::int FROM applications a
          WHERE a.gpu_count <> (SELECT count(*) FROM gpus g WHERE g.application_id = a.id)) AS miscounted`,
    );
    await app.close();
    const accepted = statuses.filter((status) => status === 200).length;
    const refused = statuses.filter((status) => status === 422).length;
    const sound =
      held!.held === accepted * GPU_COUNT &&
      held!.holders === accepted &&
      held!.miscounted === 0 &&
      accepted <= 100 &&
      accepted + refused === statuses.length;
    console.log(
      `  200 creates for 100 GPUs: ${ms.toFixed(0)} ms, ${accepted} accepted, ${refused} sold out, ` +
        `${held!.held} GPUs held by ${held!.holders} applications, ${held!.miscounted} holding other than asked: ` +
        (sound ? 'sound' : 'UNSOUND'),
    );
    if (!sound) {
      process.exitCode = 1;
    }
    return {
      name: '200 creates for 100 free GPUs',
      ms,
      accepted,
      refused,
      gpusHeld: held!.held,
      holders: held!.holders,
      miscounted: held!.miscounted,
      sound,
    };
  } finally {
    await scratch.drop();
    rmSync(fleetDir, { recursive: true, force: true });
  }
}

/** Runs one of the modules' jobs once, as the scheduler would at `at`. */
async function runJob(database: Database, config: Config, name: string, at: Date) {
  const log = pino({ level: 'silent' });
  const clock = new FixedClock(at);
  const { modules } = composeModules({ config, db: database.db, listen: database.listen, clock, log });
  const job = modules.flatMap((module) => module.jobs ?? []).find((each) => each.name === name)!;
  await new Scheduler({ db: database.db, clock, log, timeZone: 'UTC', jobs: [job] }).tick();
  await Promise.all(modules.map((module) => module.close?.()));
}

const LISTED = 10_000;

/**
 * One user with a live session owning LISTED applications (every status the list shows, a few pinned), and as many
 * of 100 other users, written in bulk as the server's own tables hold them.
 */
async function seedList(database: Database, config: Config) {
  const app = await buildApp({ config, database });
  const { users, sessions } = app.services;
  const others: bigint[] = [];
  for (let index = 0; index < 100; index += 1) {
    others.push(
      await inTransaction(database.db, (tx) =>
        users.createAccount(tx, { phone: `14${String(index).padStart(9, '0')}` }),
      ),
    );
  }
  const owner = await inTransaction(database.db, (tx) => users.createAccount(tx, { phone: '13000000000' }));
  const { token } = await sessions.create(database.db, owner);
  await app.close();
  const since = new Date('2026-11-01T00:00:00Z');
  await database.db.execute(sql`
    INSERT INTO applications (user_id, app_name, image_id, image_name, gpu_model, gpu_count, region_id, host_id,
      billing_mode, desired_state, status, created_at, order_no, hourly_price_units, spent_units, pinned_at,
      stopped_at, expires_at)
    SELECT CASE WHEN n <= ${LISTED} THEN ${owner} ELSE (${sql.raw(`ARRAY[${others.join(',')}]`)})[1 + n % 100] END,
      'bench ' || n, image.id, image.name, 'RTX 4090', 1 + n % 2, host.region_id, host.id,
      (ARRAY['minute', 'day', 'week', 'month'])[1 + n % 4],
      CASE WHEN n % 5 = 0 THEN 'stopped' ELSE 'running' END, CASE WHEN n % 5 = 0 THEN 'stopped' ELSE 'running' END,
      ${since}::timestamptz + n * interval '1 minute', 'BENCH-L' || n, CASE WHEN n % 4 = 0 THEN 22800 END, n * 38,
      CASE WHEN n % 1000 = 0 THEN ${since}::timestamptz + n * interval '1 second' END,
      CASE WHEN n % 5 = 0 THEN ${since}::timestamptz + n * interval '2 minutes' END,
      CASE WHEN n % 4 <> 0 THEN ${since}::timestamptz + interval '30 days' + n * interval '1 minute' END
    FROM generate_series(1, ${2 * LISTED}) AS n,
      (SELECT id, name FROM application_images ORDER BY id LIMIT 1) AS image,
      (SELECT id, region_id FROM hosts ORDER BY id LIMIT 1) AS host`);
  // What the minute jobs and autovacuum do long before a user has 10,000 applications: the count changes folded into
  // the counts (migration 0024), fresh statistics and a visibility map for index-only scans.
  await runJob(database, config, 'applications.fold-counts', new Date());
  await database.db.execute(sql`VACUUM ANALYZE applications, application_counts, application_count_changes`);
  return token;
}

async function applicationList() {
  const scratch = await scratchDatabase('suanli_bench_list');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-bench-list-'));
  try {
    const token = await seedList(scratch.database, await configFor({}, dataDir));
    const select = await startSelectServer({ databaseUrl: scratch.url });
    const bare = await load('fastify + one SELECT by id', `${select.base}/`);
    await stop(select);
    const api = await startApiServer({ DATA_DIR: dataDir, DATABASE_URL: scratch.url }, { profileDir });
    const listPath = '/equipment/deviceServer/application';
    const list = await load(
      `application list (${LISTED.toLocaleString('en')} stored)`,
      `${api.base}/api${listPath}?pageNum=1&pageSize=10`,
      { apiPath: listPath, token },
    );
    await stop(api);
    const ratio = list.rps / bare.rps;
    console.log(`  application list: ${ratio.toFixed(3)} × select`);
    return [
      { ...bare, name: 'fastify + one SELECT by id' },
      { ...list, ratioToSelect: Number(ratio.toFixed(3)) },
    ];
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!baseUrl) {
  console.log('BENCH_DATABASE_URL is unset: these figures are PostgreSQL only.');
  process.exit(0);
}
if (unknownParts.length > 0) {
  console.error(`BENCH_APPS_PARTS: unknown ${unknownParts.join(', ')} (parts: ${PARTS.join(', ')})`);
  process.exit(1);
}
const rows = [];
if (parts.includes('billing')) {
  for (const size of sizes) {
    rows.push(await billingTick(size));
  }
}
if (parts.includes('creates')) {
  rows.push(await racingCreates());
}
if (parts.includes('list')) {
  rows.push(...(await applicationList()));
}
const stamp = new Date().toISOString();
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
const file = path.join(ROOT, 'bench/results', `applications-${stamp.slice(0, 10)}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ stamp, node: process.version, cpus: os.cpus().length, parts, rows }, null, 2)}\n`,
);
console.log(`\nsaved ${path.relative(ROOT, file)}`);
