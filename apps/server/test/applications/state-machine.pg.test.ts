import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { fund, runLedgerCheck } from '../helpers/wallets.js';
import { fleetFile, fleetWith } from '../inventory/inventory-helpers.js';
import { computeEnv, imageIdOf } from './application-helpers.js';
import { check, settle } from './state-machine/check.js';
import { Cluster } from './state-machine/cluster.js';
import { Model } from './state-machine/model.js';
import { START_TIMEOUT_MS } from './state-machine/fault-steps.js';
import { runRandomStep } from './state-machine/steps.js';
import type { World } from './state-machine/world.js';
import { signal, workspaceProcesses } from './state-machine/workspace-processes.js';

// The application state machine against a model (issue 19 §7): random steps through two real servers on one
// PostgreSQL, with real workspaces, checked after each (state-machine/invariants.ts). Replay a failure with
// STATE_MACHINE_SEED (the same draws; a workload's timing may still differ); run longer with STATE_MACHINE_STEPS.
const SEED = Number(process.env.STATE_MACHINE_SEED ?? randomInt(2 ** 31 - 1));
const STEPS = Number(process.env.STATE_MACHINE_STEPS ?? 300);
// What each renter starts with: nothing, a little (under ten minutes of two GPUs), plenty.
const OPENING_BALANCES = ['0', '0.50', '100'];

let testDatabase: TestDatabase;
let arrange: TestApp;
let cluster: Cluster;
let world: World;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const fleet = fleetWith([
    {
      id: 'cn-east-1',
      hosts: [
        { name: 'sm-1', gpuModel: 'RTX 4090', gpuCount: 4 },
        { name: 'sm-2', gpuModel: 'RTX 4090', gpuCount: 4 },
      ],
    },
  ]);
  const env = {
    ...computeEnv(),
    ...(await fleetFile(fleet)),
    DATABASE_URL: testDatabase.url!,
    DEV_TOOLS: '1',
    LOG_LEVEL: 'error',
    WEB_DIST: '/nonexistent',
    NVIDIA_SMI: '/nonexistent/nvidia-smi',
    ID_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    OBJECT_SIGNING_KEY: randomBytes(32).toString('base64'),
    WORKSPACE_START_TIMEOUT_MS: String(START_TIMEOUT_MS),
  };
  arrange = await buildTestApp(env, { testDatabase });
  cluster = new Cluster(env);
  await cluster.start('a');
  await cluster.start('b');
  const model = new Model();
  for (const [index, yuan] of OPENING_BALANCES.entries()) {
    const phone = `1390000000${index}`;
    const renter = await createSignedInUser(arrange, { phone });
    await inTransaction(arrange.db, (tx) => arrange.services.users.setRealNameVerified(tx, renter.userId, new Date()));
    if (yuan !== '0') {
      await fund(arrange, renter.userId, yuan);
    }
    model.users.push({ userId: renter.userId, token: renter.token, phone });
  }
  const imageId = await imageIdOf(arrange, 'PyTorch 2.3 + JupyterLab');
  world = { cluster, model, arrange, random: seededRandom(SEED), imageId, violations: [] };
}, 120_000);

afterAll(async () => {
  await cluster?.close();
  // The workspaces outlive the servers killed above; each is ended by its pid.
  for (const process of cluster ? workspaceProcesses(cluster.dataDir, new Set(world?.model.apps.keys() ?? [])) : []) {
    signal(process.pid, 'SIGKILL');
  }
  await arrange?.close();
  await testDatabase?.drop();
}, 60_000);

describe('the application state machine', () => {
  it('keeps money, GPUs and workloads as the model says through random steps', async () => {
    console.log(`state machine: seed ${SEED}, ${STEPS} steps (replay with STATE_MACHINE_SEED=${SEED})`);
    const history: string[] = [];
    let waiting = new Set<string>();
    for (let step = 1; step <= STEPS; step += 1) {
      history.push(`${step}. ${await runRandomStep(world)}`);
      waiting = await settle(world, waiting);
      const broken = [...world.violations, ...(await check(world))];
      if (broken.length > 0) {
        const servers = cluster.live().map((name) => `server ${name}: ${cluster.stderrOf(name).slice(-1_000)}`);
        throw new Error(
          [
            `seed ${SEED}, step ${step}: ${broken.length} invariant(s) broken`,
            ...broken.map((text) => `  - ${text}`),
            'last steps:',
            ...history.slice(-25),
            ...servers,
            `replay: STATE_MACHINE_SEED=${SEED}`,
          ].join('\n'),
        );
      }
    }
    expect(await runLedgerCheck(arrange)).toMatchObject({ code: 0 });
  }, 900_000);
});
