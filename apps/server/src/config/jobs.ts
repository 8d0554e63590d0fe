import { z } from 'zod';
import { configGroup, flag } from './group.js';

/** The in-process scheduler (jobs/README.md) and the size of the per-minute billing tick's transactions. */
export const jobs = configGroup({
  schema: z
    .object({
      SCHEDULER: flag.default(true),
      SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
      BILLING_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1_000),
    })
    .transform((env) => ({
      scheduler: env.SCHEDULER,
      intervalMs: env.SCHEDULER_INTERVAL_MS,
      /** Running applications billed per transaction of the per-minute tick (modules/applications/billing.ts). */
      billingBatchSize: env.BILLING_BATCH_SIZE,
    })),
});
