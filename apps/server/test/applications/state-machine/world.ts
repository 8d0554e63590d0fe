import { minutesCost } from '../../../src/modules/applications/billing.js';
import type { Money } from '@suanli/contract';
import type { TestApp } from '../../helpers/build-test-app.js';
import type { Answer, Cluster } from './cluster.js';
import { readDatabase } from './database-view.js';
import type { Model, ModelApp } from './model.js';

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

export interface Step {
  name: string;
  weight: number;
  /** Answers what it did, for the replay log; null when it does not apply now (another step is drawn). */
  run(world: World): Promise<string | null>;
}

export const pick = <T>(world: World, items: readonly T[]): T | undefined =>
  items[Math.floor(world.random() * items.length)];

/** A live server, drawn: requests go to either. */
export const instance = (world: World) => pick(world, world.cluster.live())!;

export const randomOwner = (world: World) => Math.floor(world.random() * world.model.users.length);

/** The least its owner must be able to spend to start it per minute: its first ten minutes. */
export const firstTenMinutes = (hourly: Money) => minutesCost(hourly, 0, 10);

export function expectAnswer(world: World, what: string, answer: Answer, allowed: number[]) {
  if (!allowed.includes(answer.status)) {
    world.violations.push(`${what} answered ${answer.status} (${answer.body?.msg}), expected one of ${allowed}`);
  }
}

export async function rowOf(world: World, id: string) {
  return (await readDatabase(world.arrange.db)).apps.get(id)!;
}

export const ownerOf = (world: World, app: ModelApp) => world.model.users[app.owner]!;
export const liveApps = (world: World) => [...world.model.apps.values()].filter((app) => !app.destroyed);
export const appWhere = (world: World, accept: (app: ModelApp) => boolean) =>
  pick(world, [...world.model.apps.values()].filter(accept));
