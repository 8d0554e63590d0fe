// Seeds the database `npm run bench` loads, through the server's own code, before the server under test starts: one
// user registered the way registration makes one, a live session for it, and NOTICES notices in one bulk INSERT.
// Prints `{ token, userId }` as one JSON line. Reads DATA_DIR and DATABASE_URL as the server does.
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { inTransaction } from '../apps/server/src/db/transaction.js';
import { resolveKeys } from '../apps/server/src/secrets.js';

const NOTICES = Number(process.env.BENCH_NOTICES ?? 10_000);

const { config } = await resolveKeys(loadConfig({ ...process.env, LOG_LEVEL: 'silent', SCHEDULER: '0' }));
const database = await openDatabase(config);
await migrate(database);
const app = await buildApp({ config, database });
const { users, sessions } = app.services;

// A PostgreSQL bench database is kept between runs, so each run registers a phone of its own.
const phone = `199${String(randomInt(100_000_000)).padStart(8, '0')}`;
const userId = await inTransaction(database.db, (tx) => users.createAccount(tx, { phone }));
const { token } = await sessions.create(database.db, userId);

// The three kinds of notice the product sends today, newest first one a minute apart, every third one read.
await database.db.execute(sql`
  INSERT INTO informs (user_id, kind, params, created_at, read_at)
  SELECT ${userId},
         (ARRAY['welcome', 'lowBalance', 'rewardGranted'])[1 + n % 3],
         CASE n % 3
           WHEN 0 THEN '{}'::jsonb
           WHEN 1 THEN jsonb_build_object('balance', (n % 100) || '.50')
           ELSE jsonb_build_object('amount', (n % 50) || '.00', 'reason', 'inviteRecharge')
         END,
         now() - n * interval '1 minute',
         CASE WHEN n % 3 = 0 THEN now() END
  FROM generate_series(1, ${NOTICES}) AS n`);
if (database.kind === 'postgres') {
  // What autovacuum would do shortly after a bulk load: fresh statistics and a visibility map for index-only scans.
  await database.db.execute(sql`VACUUM ANALYZE informs`);
}

await app.close();
await database.close();
console.log(JSON.stringify({ token, userId: String(userId) }));
