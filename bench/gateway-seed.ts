// Seeds what the gateway bench (gateway.mjs) calls with, through the server's own code, before the server under test
// starts: a verified user with a live session, a balance, 500,000 power points and an API key. Prints
// `{ token, key }` as one JSON line. Reads DATA_DIR and DATABASE_URL as the server does.
import { randomInt } from 'node:crypto';
import { money } from '@suanli/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { inTransaction } from '../apps/server/src/db/transaction.js';
import { resolveKeys } from '../apps/server/src/secrets.js';

const { config } = await resolveKeys(loadConfig({ ...process.env, LOG_LEVEL: 'silent', SCHEDULER: '0' }));
const database = await openDatabase(config);
await migrate(database);
const app = await buildApp({ config, database });
const { users, sessions, wallet, power, apiCredentials } = app.services;

// A PostgreSQL bench database is kept between runs, so each run registers a phone of its own.
const phone = `198${String(randomInt(100_000_000)).padStart(8, '0')}`;
const userId = await inTransaction(database.db, async (tx) => {
  const id = await users.createAccount(tx, { phone });
  await users.setRealNameVerified(tx, id, new Date());
  return id;
});
const { token } = await sessions.create(database.db, userId);
await wallet.post(database.db, [
  {
    userId,
    transactionType: 'recharge',
    amount: money(10_000n * 10_000n),
    orderNo: `BENCH-GATEWAY-${userId}`,
    counter: 'clearing.wechat',
  },
]);
// 5,000 yuan of points: far more calls than a run makes at one point a call.
await power.buyPoints(userId, money(5_000n * 10_000n));
const { key } = await apiCredentials.create(userId, { name: 'bench' });

await app.close();
await database.close();
console.log(JSON.stringify({ token, key }));
