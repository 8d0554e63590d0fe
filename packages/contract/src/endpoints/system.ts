import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

export const healthz = defineEndpoint({
  id: 'healthz',
  method: 'GET',
  path: '/healthz',
  auth: 'none',
  signed: false,
  summary: 'Liveness: the process answers',
  tag: 'system',
  data: z.object({ status: z.literal('ok') }),
});

export const readyz = defineEndpoint({
  id: 'readyz',
  method: 'GET',
  path: '/readyz',
  auth: 'none',
  signed: false,
  summary: 'Readiness: the database answers',
  tag: 'system',
  data: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']), now: z.string() }),
});
