import { dev } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { AdjustableClock } from '../../jobs/clock.js';
import type { Scheduler } from '../../jobs/scheduler.js';

const STEP_MINUTES = 60;

/** Development tools (ARCHITECTURE §9); registered only when DEV_TOOLS is on. */
export const devRoutes =
  (options: { clock: AdjustableClock; scheduler: Scheduler }) => async (app: FastifyInstance) => {
    const { clock, scheduler } = options;
    const describe = (ran: { job: string; period: string }[]) => ({
      now: clock.now().toISOString(),
      offsetMinutes: clock.offsetMinutes,
      ran,
    });

    route(app, dev.getDevClock, async () => describe([]));

    route(app, dev.advanceDevClock, async ({ body }) => {
      // Stepping an hour at a time stays within every job's catch-up window (60 periods by default), so each period
      // a job would have seen in real time is run, in order.
      const ran = [];
      for (let left = body.advanceMinutes; left > 0; left -= STEP_MINUTES) {
        clock.advance(Math.min(left, STEP_MINUTES));
        ran.push(...(await scheduler.tick()));
      }
      return describe(ran);
    });
  };
