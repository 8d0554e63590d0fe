import { setTimeout as sleep } from 'node:timers/promises';
import { findLedgerMismatches } from '../../../src/modules/wallet/ledger-check.queries.js';
import { readDatabase } from './database-view.js';
import { AT_REST, brokenInvariants } from './invariants.js';
import type { World } from './world.js';
import { workspaceProcesses } from './workspace-processes.js';

const COMING_OR_GOING = ['creating', 'starting', 'restarting', 'stopping'];
const QUIET_WITHIN_MS = 8_000;
// A workload and the database it is compared with are read one after the other: a finding must outlast a re-read.
const ATTEMPTS = 3;

const unsettled = async (world: World) =>
  [...(await readDatabase(world.arrange.db)).apps.values()]
    .filter((row) => COMING_OR_GOING.includes(row.status))
    .map((row) => `${row.id}:${row.status}`);

/**
 * Waits until what the step set in motion has settled: no application coming up or going down, except those that were
 * already waiting before it (their reconciler died with its server; the survivor's sweep takes them at a minute).
 */
export async function settle(world: World, waitingBefore: ReadonlySet<string>): Promise<Set<string>> {
  const deadline = Date.now() + QUIET_WITHIN_MS;
  let waiting = await unsettled(world);
  while (waiting.some((each) => !waitingBefore.has(each)) && Date.now() < deadline) {
    await sleep(100);
    waiting = await unsettled(world);
  }
  return new Set(waiting);
}

/** Lets the model see the world after a step, then lists every invariant broken (none, when all hold). */
export async function check(world: World): Promise<string[]> {
  const { model } = world;
  const ids = new Set(model.apps.keys());
  let broken: string[] = [];
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const now = world.cluster.now();
    const view = await readDatabase(world.arrange.db);
    const processes = workspaceProcesses(world.cluster.dataDir, ids);
    for (const app of model.apps.values()) {
      const row = view.apps.get(app.id);
      const own = processes.filter((process) => process.applicationId === app.id);
      const answers = own.some((process) => !process.frozen);
      if (row) {
        model.observe(
          app,
          {
            running: row.status === 'running' && answers,
            // A frozen workload may still be confirmed running (its container runs); a dead one cannot be.
            atRest:
              AT_REST.includes(row.status) || row.status === 'stopping' || (row.status === 'running' && !own.length),
            billedMinutes: row.billedMinutes,
          },
          now,
        );
      }
    }
    model.lastCheckAt = now;
    const mismatches = await findLedgerMismatches(world.arrange.db);
    broken = [
      ...brokenInvariants(model, view, processes, now),
      ...mismatches.map(
        (mismatch) => `ledger:check: ${JSON.stringify(mismatch, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`,
      ),
    ];
    if (broken.length === 0) {
      return broken;
    }
    await sleep(500);
  }
  return broken;
}
