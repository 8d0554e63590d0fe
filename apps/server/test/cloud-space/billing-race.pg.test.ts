import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createUser } from '../helpers/factories.js';
import { fund, runLedgerCheck } from '../helpers/wallets.js';
import { storeGb } from './cloud-helpers.js';

// Real PostgreSQL only: two app instances on one database run the 0:00 storage settlement at the same moment; each
// user is charged the day once, exactly what the rule says, and the ledger still balances.
const USERS = 24;
let first: TestApp;
let second: TestApp;
let dataDir: string;
const clock = new AdjustableClock();
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-cloud-race-'));
  first = await buildTestApp({ DATA_DIR: dataDir }, { clock });
  second = await buildTestApp({ DATA_DIR: dataDir }, { clock, testDatabase: first.testDatabase });
  await first.app.scheduler.tick();
});
afterAll(async () => {
  await second.close();
  await first.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the storage settlement run by two instances at once', () => {
  it('charges each user’s day once, at 0.01 yuan a started GB beyond 120, and keeps the ledger balanced', async () => {
    const users = await Promise.all(Array.from({ length: USERS }, () => createUser(first)));
    for (const [index, userId] of users.entries()) {
      await fund(first, userId, '10');
      // 120.5 to 143.5 GB: 1 to 24 started GB beyond the free space.
      await storeGb(first, userId, 120.5 + index);
    }
    clock.advance(24 * 60);
    await Promise.all([first.app.scheduler.tick(), second.app.scheduler.tick()]);
    await Promise.all([first.app.scheduler.tick(), second.app.scheduler.tick()]);

    const charges = await queryRows<{ user_id: string; amount: string }>(
      first.db,
      sql`SELECT user_id::text, amount::text FROM ledger_entries
          WHERE account_kind = 'balance' AND transaction_type = 'dataStorage'`,
    );
    const byUser = (rows: { user_id: string; amount: string }[]) =>
      rows.map((row) => `${row.user_id}:${row.amount}`).sort();
    expect(byUser(charges)).toEqual(
      byUser(users.map((userId, index) => ({ user_id: String(userId), amount: String(-100 * (index + 1)) }))),
    );
    expect(await runLedgerCheck(first)).toMatchObject({ code: 0 });
  });
});
