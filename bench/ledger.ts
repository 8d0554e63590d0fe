// `npm run bench:ledger`: charges per second through the wallet's ledger (one posting: the wallet row locked, the
// balance moved and the entry written, in one transaction), with 50 concurrent chargers, each on a wallet of its own
// and all on one hot wallet; beside a bare single-row `UPDATE … RETURNING` by 50 concurrent workers on the same
// driver, in the same run. PGlite always; PostgreSQL when BENCH_DATABASE_URL is set (a database this script may fill).
// Results go to bench/results/ledger-<date>.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import type { UserId } from '../apps/server/src/db/ids.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { inTransaction } from '../apps/server/src/db/transaction.js';
import { resolveKeys } from '../apps/server/src/secrets.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const workers = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** Runs `work(worker)` in a loop on every worker for the given time; answers operations per second. */
async function rate(work: (worker: number) => Promise<unknown>, forSeconds: number): Promise<number> {
  const until = Date.now() + forSeconds * 1_000;
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (Date.now() < until) {
        await work(worker);
        done += 1;
      }
    }),
  );
  return done / forSeconds;
}

async function measure(name: string, work: (worker: number) => Promise<unknown>) {
  await rate(work, 2);
  const perSecond = await rate(work, seconds);
  console.log(`  ${name}: ${perSecond.toFixed(0)} per second`);
  return { name, perSecond };
}

async function benchEngine(engine: string, databaseUrl: string | undefined) {
  console.log(`\n${engine}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-ledger-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SCHEDULER: '0', DATABASE_URL: databaseUrl };
  const { config } = await resolveKeys(loadConfig(env));
  const database: Database = await openDatabase(config);
  try {
    await migrate(database);
    const app = await buildApp({ config, database });
    const { db } = database;
    const { users, wallet } = app.services;

    await db.execute(sql`DROP TABLE IF EXISTS bench_counters`);
    await db.execute(sql`CREATE TABLE bench_counters (id bigint PRIMARY KEY, value bigint NOT NULL)`);
    await db.execute(sql`INSERT INTO bench_counters SELECT n, 0 FROM generate_series(1, ${workers}) AS n`);
    const stamp = Date.now() % 1_000_000_000;
    const owners: UserId[] = [];
    for (let worker = 0; worker < workers; worker += 1) {
      const phone = `17${String(stamp + worker).padStart(9, '0')}`;
      const userId = await inTransaction(db, (tx) => users.createAccount(tx, { phone }));
      await wallet.post(db, [
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
    let order = 0;
    // A charge as every module makes one: vouchers first (none here), the balance, VIP growth.
    const charge = (userId: UserId) =>
      wallet.charge(db, { userId, amount: money(100n), transactionType: 'appOrder', orderNo: `BENCH-${(order += 1)}` });
    // The posting beneath it alone: one statement, with no transaction around it.
    const post = (userId: UserId) =>
      wallet.post(db, [
        { userId, transactionType: 'appOrder', amount: money(-100n), orderNo: `BENCH-${(order += 1)}` },
      ]);

    const rows = [
      await measure('bare UPDATE … RETURNING', (worker) =>
        db.execute(sql`UPDATE bench_counters SET value = value + 1 WHERE id = ${worker + 1} RETURNING value`),
      ),
      await measure('charges, a wallet per charger', (worker) => charge(owners[worker]!)),
      await measure('charges, one hot wallet', () => charge(owners[0]!)),
      await measure('postings alone, a wallet each', (worker) => post(owners[worker]!)),
    ];
    await app.close();
    const bare = rows[0]!.perSecond;
    return rows.map((row) => ({ engine, ...row, ratio: Number((row.perSecond / bare).toFixed(3)) }));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = await benchEngine('PGlite', undefined);
if (process.env.BENCH_DATABASE_URL) {
  rows.push(...(await benchEngine('PostgreSQL', process.env.BENCH_DATABASE_URL)));
} else {
  console.log('\nBENCH_DATABASE_URL is unset: PostgreSQL was not measured.');
}

const stampIso = new Date().toISOString();
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
const file = path.join(ROOT, 'bench/results', `ledger-${stampIso.slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify({ stamp: stampIso, node: process.version, seconds, workers, rows }, null, 2)}\n`);
console.log(`\n${'engine'.padEnd(11)} ${'target'.padEnd(32)} ${'per second'.padStart(10)} ${'× bare'.padStart(7)}`);
for (const row of rows) {
  console.log(
    `${row.engine.padEnd(11)} ${row.name.padEnd(32)} ${row.perSecond.toFixed(0).padStart(10)} ${row.ratio.toFixed(3).padStart(7)}`,
  );
}
console.log(`\n${workers} concurrent workers, ${seconds} s each; saved ${path.relative(ROOT, file)}`);
