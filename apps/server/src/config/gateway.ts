import { z } from 'zod';
import { configGroup } from './group.js';

/** The metered API gateway (modules/api-open, docs/decisions/0032): what a call costs and how often a key may call. */
export const gateway = configGroup({
  schema: z
    .object({
      GATEWAY_POINTS_PER_CALL: z.coerce.number().int().min(1).max(100_000).default(10),
      GATEWAY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
      GATEWAY_ALLOWANCE_IDLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
      GATEWAY_SERVER_DEAD_SECONDS: z.coerce.number().int().min(3).max(3600).default(10),
    })
    .transform((env) => ({
      /** Power points one call through the gateway costs, whatever its size (10: 0.10 yuan at 100 points a yuan). */
      pointsPerCall: env.GATEWAY_POINTS_PER_CALL,
      /** Calls one API key may make a minute, counted across every server (decision 0042). */
      rateLimitPerMinute: env.GATEWAY_RATE_LIMIT_PER_MINUTE,
      /** How long a user's prepaid calls on a server may go unused before the rest returns to their points (0034). */
      allowanceIdleMs: env.GATEWAY_ALLOWANCE_IDLE_SECONDS * 1000,
      /** How old a server's heartbeat must be for the others to return its allowances' unused calls. */
      serverDeadSeconds: env.GATEWAY_SERVER_DEAD_SECONDS,
    })),
});
