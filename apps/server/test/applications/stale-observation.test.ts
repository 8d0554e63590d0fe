import { existsSync } from 'node:fs';
import path from 'node:path';
import { formatMoney, minutesCostInFen, money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { billing } from '../../src/modules/applications/billing.js';
import { reconciler } from '../../src/modules/applications/reconciler.js';
import { LocalComputeDriver, type ComputeDriver, type Workload } from '../../src/providers/compute/index.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { eventually, objectStoreIn, workspacePids } from '../helpers/workspaces.js';
import { balanceOf } from '../helpers/wallets.js';
import {
  act,
  advance,
  computeEnv,
  createApplication,
  createRenter,
  imageIdOf,
  statusOf,
} from './application-helpers.js';

// A second server's reconciler whose driver answers late: what it saw must not overwrite what happened meanwhile.
let t: TestApp;
let env: { DATA_DIR: string };
beforeAll(async () => {
  env = computeEnv();
  t = await buildTestApp(env);
});
afterAll(() => t.close());

/**
 * A driver over the same workspaces whose `status` of a running workspace, or whose `start`, answers only once
 * released, after it is armed.
 */
function slowDriver(held: 'status' | 'start') {
  const local = new LocalComputeDriver({
    dataDir: env.DATA_DIR,
    clock: t.clock,
    objectStore: objectStoreIn(env.DATA_DIR),
    startTimeoutMs: 60_000,
  });
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let armed = false;
  let heldCalls = 0;
  const hold = async () => {
    heldCalls += 1;
    await released;
  };
  const driver: ComputeDriver = Object.assign(Object.create(local) as ComputeDriver, {
    async status(applicationId: string) {
      const answer = await local.status(applicationId);
      if (armed && held === 'status' && answer.state === 'running') {
        await hold();
      }
      return answer;
    },
    async start(workload: Workload) {
      if (armed && held === 'start') {
        await hold();
      }
      return local.start(workload);
    },
  });
  return {
    driver,
    close: () => local.close(),
    arm: () => (armed = true),
    release,
    held: () => heldCalls,
  };
}

/** A second server's reconciler, over `driver`. */
const secondReconciler = (driver: ComputeDriver) =>
  reconciler({
    db: t.db,
    clock: t.clock,
    log: pino({ level: 'silent' }),
    driver,
    catalogue: t.services.catalogue,
    inventory: { scheduler: t.services.scheduler },
    billing: billing({ wallet: t.services.wallet }),
  });

const billedOf = async (id: string) =>
  (
    await queryRows<{ billed_minutes: number; billed_through: Date }>(
      t.db,
      sql`SELECT billed_minutes, billed_through FROM applications WHERE id = ${BigInt(id)}`,
    )
  )[0]!;

/**
 * Rents an application here and has a second server's reconciler, whose driver holds `held`, take it up: it is held
 * there until `late.release()`.
 */
async function takenUpLate(held: 'status' | 'start', token: string) {
  const slow = slowDriver(held);
  const second = secondReconciler(slow.driver);
  const created = await createApplication(t, token, {
    imageId: await imageIdOf(t, 'PyTorch 2.3 + JupyterLab'),
    gpuModel: 'RTX 4090',
    gpuCount: 1,
    billingMode: 'minute',
  });
  const id = created.json().data.id as string;
  expect(await statusOf(t, token, id)).toBe('creating');
  slow.arm();
  second.enable();
  second.changed(BigInt(id));
  await eventually(
    async () => slow.held(),
    (calls) => calls > 0,
    30_000,
  );
  return {
    id,
    release: slow.release,
    idle: () => second.idle(),
    async close() {
      slow.release();
      await second.close();
      await slow.close();
    },
  };
}

describe('an observation from a slow driver call', () => {
  it('is dropped when the application moved meanwhile: no minute is billed again', async () => {
    const renter = await createRenter(t, '100');
    // The second server starts the workspace, and its look at it, taken while the application was being created,
    // comes back only later.
    const late = await takenUpLate('status', renter.token);
    try {
      const { id } = late;
      // Meanwhile this server sees it running and bills ten minutes of it. On a busy machine the workspace may be slow
      // to answer now and then, and is not billed while it is: the clock moves on until ten minutes are billed.
      await eventually(
        async () => {
          await advance(t, 1);
          return (await billedOf(id)).billed_minutes;
        },
        (minutes) => minutes >= 10,
        60_000,
      );
      const billed = await billedOf(id);

      // The late look says "running since I saw it": written, it would move the count back to its own sighting.
      late.release();
      await late.idle();
      expect(await billedOf(id)).toEqual(billed);
      // Every minute billed was paid once: the balance fell by what those minutes cost, and by nothing more.
      const cost = minutesCostInFen(money(22_800n), billed.billed_minutes);
      expect(await balanceOf(t, renter.token)).toBe(formatMoney(money(1_000_000n - cost)));
    } finally {
      await late.close();
    }
  });

  it('of a start that a destroy overtook ends the workspace that start made', async () => {
    const renter = await createRenter(t, '100');
    // The second server saw nothing running and is about to start it...
    const late = await takenUpLate('start', renter.token);
    try {
      const { id } = late;
      // ...when its owner destroys it, and this server, finding nothing yet to end, frees its GPUs.
      expect((await act(t, renter.token, 'destruction', id)).statusCode).toBe(200);
      await advance(t, 1);
      const [row] = await queryRows<{ status: string }>(t.db, sql`SELECT status FROM applications WHERE id = ${id}`);
      expect(row?.status).toBe('destroyed');

      late.release();
      await late.idle();
      expect(workspacePids(id, env.DATA_DIR)).toEqual([]);
      expect(existsSync(path.join(env.DATA_DIR, 'apps', id))).toBe(false);
    } finally {
      await late.close();
    }
  });
});
