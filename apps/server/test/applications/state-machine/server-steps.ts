import type { AdjustableClock } from '../../../src/jobs/clock.js';
import { instance, type Step } from './world.js';

/** What happens to the servers and to time: the clock moves, a server is killed and started again, all go down. */
export const SERVER_STEPS: Step[] = [
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
      const { cluster } = world;
      const minutes = 3 + Math.floor(world.random() * 8);
      // The workspaces live on without their servers (kill -9), and the driver that finds one again says it has run
      // since it started: those minutes ran and may be billed. One that died meanwhile is another step's to close.
      await cluster.close();
      await cluster.startAllAfter(minutes);
      (world.arrange.clock as AdjustableClock).advance(minutes);
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
