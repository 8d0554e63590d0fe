import { create, restart, roomForMore } from './application-steps.js';
import { freezeWhenSpawned, signal, workspaceProcesses } from './workspace-processes.js';
import { appWhere, liveApps, pick, randomOwner, type Step, type World } from './world.js';

/** How long a start may go unreported before the driver gives up (the servers' WORKSPACE_START_TIMEOUT_MS). */
export const START_TIMEOUT_MS = 3_000;

/** The workspace processes that run and answer, of applications not destroyed: what the faults act on. */
function answering(world: World) {
  const ids = new Set(liveApps(world).map((app) => app.id));
  return workspaceProcesses(world.cluster.dataDir, ids).filter((process) => !process.frozen);
}

/** What goes wrong under the driver: a workload killed, one frozen (its stop then hangs), a start that never ends. */
export const FAULT_STEPS: Step[] = [
  {
    name: 'workload dies',
    weight: 4,
    async run(world) {
      const victim = pick(world, answering(world));
      if (!victim) {
        return null;
      }
      signal(victim.pid, 'SIGKILL');
      world.model.close(world.model.apps.get(victim.applicationId)!, world.cluster.now());
      return `workload of ${victim.applicationId} killed`;
    },
  },
  {
    name: 'workload hangs',
    weight: 3,
    async run(world) {
      const victim = pick(world, answering(world));
      if (!victim) {
        return null;
      }
      // SIGSTOP: alive and holding its GPUs, answering nothing; a SIGTERM waits, as a stuck stop does. Its container
      // still runs, so a driver may go on confirming it: the model leaves its window open until it is seen at rest.
      signal(victim.pid, 'SIGSTOP');
      return `workload of ${victim.applicationId} frozen`;
    },
  },
  {
    name: 'start times out',
    weight: 3,
    async run(world) {
      const running = new Set(
        workspaceProcesses(world.cluster.dataDir, new Set(world.model.apps.keys())).map((each) => each.applicationId),
      );
      const resting = appWhere(world, (app) => !app.destroyed && !running.has(app.id) && app.billingMode === 'minute');
      let app = resting ?? null;
      let text: string;
      if (app && world.random() < 0.5) {
        text = await restart(world, app);
      } else {
        if (!roomForMore(world)) {
          return null;
        }
        ({ app, text } = await create(world, 'minute', randomOwner(world), 1));
      }
      if (!app || !world.model.isOpen(app)) {
        return `${text} (nothing started)`;
      }
      const frozen = await freezeWhenSpawned(world.cluster.dataDir, app.id, START_TIMEOUT_MS);
      return `${text}, its workspace ${frozen ? 'frozen as it started' : 'not caught'}`;
    },
  },
];
