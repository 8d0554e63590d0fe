import { formatMoney, money, parseMoney, type Money } from '@suanli/contract';
import type { AdjustableClock } from '../../../src/jobs/clock.js';
import { minutesCost } from '../../../src/modules/applications/billing.js';
import type { TestApp } from '../../helpers/build-test-app.js';
import type { Answer, Cluster } from './cluster.js';
import { readDatabase, spendableOf } from './database-view.js';
import type { Model, ModelApp } from './model.js';
import { freezeWhenSpawned, signal, workspaceProcesses } from './workspace-processes.js';

/** What every step acts on, and where it writes what its answers broke. */
export interface World {
  cluster: Cluster;
  model: Model;
  arrange: TestApp;
  random: () => number;
  imageId: string;
  /** Answers the oracle refused: a rental without funds, an action on a destroyed application. */
  violations: string[];
}

interface Step {
  name: string;
  weight: number;
  /** Answers what it did, for the replay log; null when it does not apply now (another step is drawn). */
  run(world: World): Promise<string | null>;
}

const MAX_LIVE_APPS = 10;
const GPU_MODEL = 'RTX 4090';
/** How long a start may go unreported before the driver gives up (the servers' WORKSPACE_START_TIMEOUT_MS). */
export const START_TIMEOUT_MS = 3_000;

const pick = <T>(world: World, items: readonly T[]): T | undefined => items[Math.floor(world.random() * items.length)];
const instance = (world: World) => pick(world, world.cluster.live())!;

/** The least its owner must be able to spend to start it per minute: its first ten minutes. */
const firstTenMinutes = (hourly: Money) => minutesCost(hourly, 0, 10);

function expectAnswer(world: World, what: string, answer: Answer, allowed: number[]) {
  if (!allowed.includes(answer.status)) {
    world.violations.push(`${what} answered ${answer.status} (${answer.body?.msg}), expected one of ${allowed}`);
  }
}

async function rowOf(world: World, id: string) {
  return (await readDatabase(world.arrange.db)).apps.get(id)!;
}

const user = (world: World, app: ModelApp) => world.model.users[app.owner]!;
const liveApps = (world: World) => [...world.model.apps.values()].filter((app) => !app.destroyed);

async function create(world: World, billingMode: 'minute' | 'day', owner: number, gpuCount: number) {
  const { cluster, model, arrange } = world;
  const renter = model.users[owner]!;
  const funds = await spendableOf(arrange, renter.userId);
  const askedAt = cluster.now();
  const answer = await cluster.request(instance(world), {
    method: 'POST',
    url: '/api/equipment/deviceServer/createApplication',
    token: renter.token,
    payload: { imageId: world.imageId, gpuModel: GPU_MODEL, gpuCount, billingMode, duration: 1 },
  });
  const what = `user ${owner} renting ${gpuCount} GPU(s) ${billingMode} with ${formatMoney(funds)}`;
  expectAnswer(world, what, answer, [200, 409, 422]);
  if (answer.status !== 200) {
    return { app: null, text: `${what}: ${answer.status} ${answer.body?.msg}` };
  }
  const id = answer.body.data.id as string;
  const row = await rowOf(world, id);
  if (billingMode === 'minute' && funds < firstTenMinutes(row.hourlyPriceUnits!)) {
    world.violations.push(
      `${what}: accepted below the first ten minutes (${formatMoney(firstTenMinutes(row.hourlyPriceUnits!))})`,
    );
  }
  const app = model.addApp(
    { id, owner, billingMode, gpuCount, prepaid: billingMode === 'minute' ? money(0n) : row.charged },
    billingMode === 'minute' ? askedAt : null,
  );
  return { app, text: `${what}: application ${id}` };
}

async function restart(world: World, app: ModelApp) {
  const { cluster, model, arrange } = world;
  const funds = await spendableOf(arrange, user(world, app).userId);
  const row = await rowOf(world, app.id);
  const askedAt = cluster.now();
  const answer = await cluster.request(instance(world), {
    method: 'POST',
    url: `/api/equipment/deviceServer/restartApplication/${app.id}`,
    token: user(world, app).token,
  });
  const what = `restart of ${app.id} (${row.status}) with ${formatMoney(funds)}`;
  expectAnswer(world, what, answer, app.destroyed ? [409] : [200, 409, 422]);
  if (answer.status === 200 && row.hourlyPriceUnits !== null && funds < firstTenMinutes(row.hourlyPriceUnits)) {
    world.violations.push(`${what}: accepted below the first ten minutes`);
  }
  if (answer.status === 200) {
    model.open(app, askedAt);
  }
  return `${what}: ${answer.status}`;
}

/** A workspace process of an application that runs and answers: what the driver faults act on. */
function answering(world: World) {
  const ids = new Set(liveApps(world).map((app) => app.id));
  return workspaceProcesses(ids).filter((process) => !process.frozen);
}

const appWhere = (world: World, accept: (app: ModelApp) => boolean) =>
  pick(world, [...world.model.apps.values()].filter(accept));

export const STEPS: Step[] = [
  {
    name: 'advance the clock',
    weight: 20,
    async run(world) {
      const minutes = 1 + Math.floor(world.random() * 3);
      await world.cluster.advance(minutes);
      (world.arrange.clock as AdjustableClock).advance(minutes);
      return `+${minutes} min (offset ${world.cluster.offsetMinutes})`;
    },
  },
  {
    name: 'rent per minute',
    weight: 10,
    async run(world) {
      if (liveApps(world).length >= MAX_LIVE_APPS) {
        return null;
      }
      const owner = Math.floor(world.random() * world.model.users.length);
      return (await create(world, 'minute', owner, 1 + Math.floor(world.random() * 2))).text;
    },
  },
  {
    name: 'rent for a prepaid day',
    weight: 3,
    async run(world) {
      if (liveApps(world).length >= MAX_LIVE_APPS) {
        return null;
      }
      return (await create(world, 'day', Math.floor(world.random() * world.model.users.length), 1)).text;
    },
  },
  {
    name: 'stop',
    weight: 10,
    async run(world) {
      const app = appWhere(world, () => true);
      if (!app) {
        return null;
      }
      const answer = await world.cluster.request(instance(world), {
        method: 'POST',
        url: `/api/equipment/deviceServer/stopApplication/${app.id}`,
        token: user(world, app).token,
      });
      expectAnswer(world, `stop of ${app.id}`, answer, app.destroyed ? [409] : [200, 409, 422]);
      if (answer.status === 200) {
        world.model.close(app, world.cluster.now(), true);
      }
      return `stop of ${app.id}${app.destroyed ? ' (destroyed)' : ''}: ${answer.status}`;
    },
  },
  {
    name: 'restart',
    weight: 10,
    async run(world) {
      const app = appWhere(world, () => true);
      return app ? restart(world, app) : null;
    },
  },
  {
    name: 'renew',
    weight: 4,
    async run(world) {
      const app = appWhere(world, (each) => each.billingMode !== 'minute');
      if (!app) {
        return null;
      }
      const answer = await world.cluster.request(instance(world), {
        method: 'POST',
        url: '/api/equipment/deviceServer/renewalApplication',
        token: user(world, app).token,
        payload: { id: app.id, duration: 1 },
      });
      expectAnswer(world, `renewal of ${app.id}`, answer, app.destroyed ? [409] : [200, 409, 422]);
      if (answer.status === 200) {
        app.prepaid = money(app.prepaid + parseMoney(answer.body.data.price as string)!);
      }
      return `renewal of ${app.id}${app.destroyed ? ' (destroyed)' : ''}: ${answer.status}`;
    },
  },
  {
    name: 'destroy',
    weight: 6,
    async run(world) {
      const app = appWhere(world, () => true);
      if (!app) {
        return null;
      }
      const answer = await world.cluster.request(instance(world), {
        method: 'POST',
        url: `/api/equipment/deviceServer/destructionApplication/${app.id}`,
        token: user(world, app).token,
      });
      expectAnswer(world, `destroy of ${app.id}`, answer, app.destroyed ? [200, 404, 409] : [200]);
      if (answer.status === 200 && !app.destroyed) {
        world.model.close(app, world.cluster.now(), true);
        app.destroyed = true;
        app.chargedAtDestroy = (await rowOf(world, app.id)).charged;
      }
      return `destroy of ${app.id}: ${answer.status}`;
    },
  },
  {
    name: 'timed stop',
    weight: 4,
    async run(world) {
      const app = appWhere(world, (each) => !each.destroyed);
      if (!app) {
        return null;
      }
      const minutes = 1 + Math.floor(world.random() * 3);
      const time = new Date(world.cluster.now() + minutes * 60_000 + 5_000).toISOString();
      const answer = await world.cluster.request(instance(world), {
        url: `/api/equipment/deviceServer/timedStopApplication/${app.id}?time=${encodeURIComponent(time)}`,
        token: user(world, app).token,
      });
      expectAnswer(world, `timed stop of ${app.id}`, answer, [200, 409, 422]);
      return `timed stop of ${app.id} in ${minutes} min: ${answer.status}`;
    },
  },
  {
    name: 'recharge',
    weight: 6,
    async run(world) {
      const owner = Math.floor(world.random() * world.model.users.length);
      const amount = pick(world, ['1', '5', '60'])!;
      const on = instance(world);
      const token = world.model.users[owner]!.token;
      const opened = await world.cluster.request(on, {
        method: 'POST',
        url: '/api/recharge/api/wx-pay/native/',
        token,
        payload: { amount },
      });
      expectAnswer(world, `recharge of ${amount}`, opened, [200]);
      const paid = await world.cluster.request(on, {
        method: 'POST',
        url: `/api/dev/payments/${opened.body.data.orderNo}/pay`,
        payload: {},
      });
      expectAnswer(world, `payment of ${amount}`, paid, [200]);
      return `user ${owner} recharges ${amount}: ${paid.status}`;
    },
  },
  {
    name: 'transfer',
    weight: 4,
    async run(world) {
      const [from, to] = [0, 1].map(() => Math.floor(world.random() * world.model.users.length));
      if (from === to) {
        return null;
      }
      const amount = pick(world, ['0.50', '2.00', '20.00'])!;
      const answer = await world.cluster.request(instance(world), {
        method: 'POST',
        url: '/api/recharge/transfer',
        token: world.model.users[from!]!.token,
        payload: { username: world.model.users[to!]!.phone, amount },
      });
      expectAnswer(world, `transfer of ${amount}`, answer, [200, 422]);
      return `user ${from} transfers ${amount} to user ${to}: ${answer.status}`;
    },
  },
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
      // SIGSTOP: alive and holding its GPUs, answering nothing; a SIGTERM waits, as a stuck stop does.
      signal(victim.pid, 'SIGSTOP');
      world.model.close(world.model.apps.get(victim.applicationId)!, world.cluster.now());
      return `workload of ${victim.applicationId} frozen`;
    },
  },
  {
    name: 'start times out',
    weight: 3,
    async run(world) {
      const running = new Set(workspaceProcesses(new Set(world.model.apps.keys())).map((each) => each.applicationId));
      const resting = appWhere(world, (app) => !app.destroyed && !running.has(app.id) && app.billingMode === 'minute');
      let app = resting ?? null;
      let text: string;
      if (app && world.random() < 0.5) {
        text = await restart(world, app);
      } else {
        if (liveApps(world).length >= MAX_LIVE_APPS) {
          return null;
        }
        ({ app, text } = await create(world, 'minute', Math.floor(world.random() * world.model.users.length), 1));
      }
      if (!app || !world.model.isOpen(app)) {
        return `${text} (nothing started)`;
      }
      const frozen = await freezeWhenSpawned(app.id, START_TIMEOUT_MS);
      if (frozen) {
        world.model.close(app, world.cluster.now());
      }
      return `${text}, its workspace ${frozen ? 'frozen as it started' : 'not caught'}`;
    },
  },
  {
    name: 'kill -9 a server',
    weight: 2,
    async run(world) {
      if (world.cluster.live().length < 2) {
        return null;
      }
      const name = instance(world);
      await world.cluster.kill(name);
      return `server ${name} killed`;
    },
  },
  {
    name: 'outage',
    weight: 1,
    async run(world) {
      const { cluster, model } = world;
      const minutes = 3 + Math.floor(world.random() * 8);
      // Nothing confirms a workload while no server runs: billing may count none of those minutes.
      const open = [...model.apps.values()].filter((app) => model.isOpen(app));
      await cluster.close();
      const down = cluster.now();
      open.forEach((app) => model.close(app, down));
      const back = await cluster.startAllAfter(minutes);
      (world.arrange.clock as AdjustableClock).advance(minutes);
      open.forEach((app) => model.open(app, back));
      return `every server down for ${minutes} min`;
    },
  },
  {
    name: 'start a killed server again',
    weight: 3,
    async run(world) {
      const dead = world.cluster.names.find((name) => !world.cluster.live().includes(name));
      if (!dead) {
        return null;
      }
      await world.cluster.start(dead);
      return `server ${dead} started again at +${world.cluster.offsetMinutes} min`;
    },
  },
];

/** Draws a step by weight and runs it, drawing again while the drawn one does not apply. */
export async function runRandomStep(world: World): Promise<string> {
  const total = STEPS.reduce((sum, step) => sum + step.weight, 0);
  for (;;) {
    let ticket = world.random() * total;
    const step = STEPS.find((each) => (ticket -= each.weight) < 0) ?? STEPS[0]!;
    const text = await step.run(world);
    if (text !== null) {
      return `${step.name}: ${text}`;
    }
  }
}
