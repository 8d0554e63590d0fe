import { formatMoney, money, parseMoney } from '@suanli/contract';
import { spendableOf } from './database-view.js';
import type { ModelApp } from './model.js';
import {
  appWhere,
  expectAnswer,
  firstTenMinutes,
  instance,
  liveApps,
  ownerOf,
  randomOwner,
  rowOf,
  type Step,
  type World,
} from './world.js';

const MAX_LIVE_APPS = 10;
const GPU_MODEL = 'RTX 4090';

export const roomForMore = (world: World) => liveApps(world).length < MAX_LIVE_APPS;

/** A call on one of the servers by the application's owner: POST unless `method` says otherwise. */
const byOwner = (world: World, app: ModelApp, request: { url: string; method?: 'GET'; payload?: object }) =>
  world.cluster.request(instance(world), { method: 'POST', token: ownerOf(world, app).token, ...request });

export async function create(world: World, billingMode: 'minute' | 'day', owner: number, gpuCount: number) {
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

export async function restart(world: World, app: ModelApp) {
  const { cluster, model, arrange } = world;
  const funds = await spendableOf(arrange, ownerOf(world, app).userId);
  const row = await rowOf(world, app.id);
  const askedAt = cluster.now();
  const answer = await byOwner(world, app, { url: `/api/equipment/deviceServer/restartApplication/${app.id}` });
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

/** What an owner does with applications: rent, stop, restart, renew, destroy, set a timed shutdown. */
export const APPLICATION_STEPS: Step[] = [
  {
    name: 'rent per minute',
    weight: 10,
    async run(world) {
      if (!roomForMore(world)) {
        return null;
      }
      const owner = randomOwner(world);
      return (await create(world, 'minute', owner, 1 + Math.floor(world.random() * 2))).text;
    },
  },
  {
    name: 'rent for a prepaid day',
    weight: 3,
    async run(world) {
      if (!roomForMore(world)) {
        return null;
      }
      return (await create(world, 'day', randomOwner(world), 1)).text;
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
      const answer = await byOwner(world, app, { url: `/api/equipment/deviceServer/stopApplication/${app.id}` });
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
      const answer = await byOwner(world, app, {
        url: '/api/equipment/deviceServer/renewalApplication',
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
      const answer = await byOwner(world, app, {
        url: `/api/equipment/deviceServer/destructionApplication/${app.id}`,
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
      const answer = await byOwner(world, app, {
        method: 'GET',
        url: `/api/equipment/deviceServer/timedStopApplication/${app.id}?time=${encodeURIComponent(time)}`,
      });
      expectAnswer(world, `timed stop of ${app.id}`, answer, [200, 409, 422]);
      return `timed stop of ${app.id} in ${minutes} min: ${answer.status}`;
    },
  },
];
