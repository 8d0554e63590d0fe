import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { FixedClock } from '../../src/jobs/clock.js';
import { billingScheduler } from '../fixtures/billing-scheduler.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createUser } from '../helpers/factories.js';
import { fund, runLedgerCheck } from '../helpers/wallets.js';
import { imageIdOf } from '../applications/application-helpers.js';

// Real PostgreSQL only: two instances run the same 0:00 image-storage settlement at once, in chunks, on owners whose
// saved images go beyond the free allowance; each owner pays the day once, and one without money owes it.
const OWNERS = 24;
const GB = 1024 ** 3;
let t: TestApp;
let env: Record<string, string>;
let owners: bigint[];
let broke: bigint;
beforeAll(async () => {
  // 1 GB free at 0.01 yuan per GB and day: 3.5 GB of images bill 3 GB, 0.03 a day.
  // Chunks of 5 owners, so that the two instances share the period's rows.
  env = { IMAGE_FREE_GB: '1', IMAGE_STORAGE_PER_GB_DAY: '0.01', BILLING_BATCH_SIZE: '5' };
  t = await buildTestApp(env);
  const base = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
  owners = await Promise.all(Array.from({ length: OWNERS }, () => createUser(t)));
  broke = owners.at(-1)!;
  for (const [index, owner] of owners.entries()) {
    if (owner !== broke) {
      await fund(t, owner as never, '1');
    }
    // Arranged as the snapshot job leaves them: an owner's storage order, and two complete images of 1.75 GB.
    await t.db.execute(
      sql`INSERT INTO image_storage_accounts (owner_id, order_no) VALUES (${owner}, ${`M-RACE-${index}`})`,
    );
    for (const name of ['a', 'b']) {
      await t.db.execute(
        sql`INSERT INTO user_images (owner_id, base_image_id, name, state, progress, size_bytes, archive_key,
              source_application_id, created_at, completed_at)
            VALUES (${owner}, ${BigInt(base)}, ${name}, 'complete', 100, ${1.75 * GB}, ${`race/${owner}/${name}`},
              1, now(), now())`,
      );
    }
  }
});
afterAll(() => t.close());

const storageCharges = () =>
  queryRows<{ order_no: string; amount: string; entries: number }>(
    t.db,
    sql`SELECT order_no, sum(amount)::text AS amount, count(*)::int AS entries FROM ledger_entries
        WHERE account_kind = 'balance' AND transaction_type = 'mirrorStorage' GROUP BY order_no ORDER BY order_no`,
  );

describe('the daily image-storage settlement run by two instances at once', () => {
  it('charges each owner the day’s storage beyond the allowance exactly once, and carries what is unpaid', async () => {
    const clock = new FixedClock(new Date('2026-12-02T00:00:30Z'));
    const settlers = await Promise.all(
      ['first', 'second'].map((owner) =>
        billingScheduler(t.testDatabase.database, clock, env, owner, 'images.settle-storage'),
      ),
    );
    await Promise.all(settlers.map((settler) => settler.tick()));
    for (const settler of settlers) {
      await settler.tick();
    }

    const charges = await storageCharges();
    expect(charges).toHaveLength(OWNERS - 1);
    expect(charges.every((row) => row.amount === '-300' && row.entries === 1)).toBe(true);
    const [owed] = await queryRows<{ arrears: string }>(
      t.db,
      sql`SELECT arrears_units::text AS arrears FROM image_storage_accounts WHERE owner_id = ${broke}`,
    );
    expect(owed!.arrears).toBe('300');
    expect(await runLedgerCheck(t)).toMatchObject({ code: 0 });
  });
});
