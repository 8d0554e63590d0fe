import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

const clockSchema = z.object({
  now: z.string(),
  offsetMinutes: z.number().int(),
  ran: z.array(z.object({ job: z.string(), period: z.string() })),
});

export const getDevClock = defineEndpoint({
  id: 'getDevClock',
  method: 'GET',
  path: '/dev/clock',
  auth: 'none',
  devOnly: true,
  summary: 'Development: the test clock',
  tag: 'dev',
  data: clockSchema,
});

export const advanceDevClock = defineEndpoint({
  id: 'advanceDevClock',
  method: 'POST',
  path: '/dev/clock',
  auth: 'none',
  devOnly: true,
  summary: 'Development: advance the test clock and run every job that falls due',
  tag: 'dev',
  body: z.object({
    advanceMinutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 400),
  }),
  data: clockSchema,
});
