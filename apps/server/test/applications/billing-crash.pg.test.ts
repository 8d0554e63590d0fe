import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '@suanli/contract';
import { FixedClock } from '../../src/jobs/clock.js';
import { queryRows } from '../../src/db/sql.js';
import { minutesCost } from '../../src/modules/applications/billing.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { exitOf, spawnTs, waitForLine } from '../helpers/spawn.js';
import { runLedgerCheck } from '../helpers/wallets.js';
import { billingScheduler } from '../fixtures/billing-scheduler.js';
import { fleetFile, fleetWith } from '../inventory/inventory-helpers.js';
import { computeEnv, createApplication, createRenter, imageIdOf } from './application-helpers.js';

// Real PostgreSQL only: a biller killed mid-tick, then another finishing the period (ARCHITECTURE §6).
const APPLICATIONS = 160;
const START = new Date('2026-11-21T05:00:00Z');
let t: TestApp;
let env: Record<string, string>;
beforeAll(async () => {
  const hosts = Array.from({ length: APPLICATIONS / 8 }, (_, index) => ({
    name: `bill-${index}`,
    gpuModel: 'RTX 4090',
    gpuCount: 8,
  }));
  env = {
    ...computeEnv(),
    ...(await fleetFile(fleetWith([{ id: 'cn-east-1', hosts }]))),
    // Several chunks per tick, so that a crash can fall between two of them.
    BILLING_BATCH_SIZE: '40',
    ID_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    OBJECT_SIGNING_KEY: randomBytes(32).toString('base64'),
  };
  t = await buildTestApp(env);
  const image = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
  const renters = await Promise.all(Array.from({ length: 40 }, () => createRenter(t, '1000')));
  for (let index = 0; index < APPLICATIONS; index += 1) {
    const rent = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' };
    expect((await createApplication(t, renters[index % renters.length]!.token, rent)).statusCode).toBe(200);
  }
  // As the reconciler leaves them once their workspaces run: billing counts from START.
  await t.db.execute(
    sql`UPDATE applications SET status = 'running', running_since = ${START}, billed_through = ${START},
      last_seen_running_at = ${START}::timestamptz + interval '1 day'`,
  );
});
afterAll(() => t.close());

const billed = () =>
  queryRows<{ minutes: number; charged: string; expected: string }>(
    t.db,
    sql`SELECT a.billed_minutes AS minutes,
          (SELECT coalesce(-sum(amount), 0) FROM ledger_entries e WHERE e.account_kind = 'balance' AND e.order_no = a.order_no)::text AS charged,
          a.spent_units::text AS expected
        FROM applications a`,
  );

const countBilled = async (minutes: number) => (await billed()).filter((row) => row.minutes === minutes).length;

describe('a billing tick interrupted by a crash', () => {
  it('bills every application-minute exactly once once another biller finishes the period', async () => {
    for (const [round, minutes] of [10, 25, 26].entries()) {
      const at = new Date(START.getTime() + minutes * 60_000);
      const worker = spawnTs('test/fixtures/billing-crash-worker.ts', [
        t.testDatabase.url!,
        at.toISOString(),
        JSON.stringify(env),
      ]);
      await waitForLine(worker, /ticking/);
      // The first round dies before anything commits; the others once a chunk has committed and the next is in flight.
      while (round > 0 && (await countBilled(minutes)) === 0) {
        await sleep(5);
      }
      worker.kill('SIGKILL');
      await exitOf(worker);
      const committed = await countBilled(minutes);
      expect(committed).toBeLessThan(APPLICATIONS);
      if (round > 0) {
        expect(committed).toBeGreaterThan(0);
      }

      const survivor = await billingScheduler(t.testDatabase.database, new FixedClock(at), env, `survivor-${round}`);
      for (let tries = 0; tries < 50; tries += 1) {
        await survivor.tick();
        const rows = await billed();
        if (rows.every((row) => row.minutes === minutes)) {
          break;
        }
        await sleep(200);
      }
      const rows = await billed();
      expect(rows).toHaveLength(APPLICATIONS);
      const cost = String(minutesCost(money(22_800n), 0, minutes));
      for (const row of rows) {
        expect(row).toEqual({ minutes, charged: cost, expected: cost });
      }
    }
    expect(await runLedgerCheck(t)).toMatchObject({ code: 0 });
  });
});
