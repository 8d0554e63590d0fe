import { z } from 'zod';
import { configGroup } from './group.js';

/**
 * Saved images (modules/catalogue, issue 21): how much archive storage each user keeps free, and what each GB beyond it
 * costs a day ("mirror storage", settled at 0:00 business time).
 */
export const images = configGroup({
  schema: z
    .object({
      IMAGE_FREE_GB: z.coerce.number().int().min(0).default(20),
      IMAGE_STORAGE_PER_GB_DAY: z
        .string()
        .regex(/^\d+(\.\d{1,4})?$/, { message: 'must be yuan with at most 4 decimals' })
        .default('0.01'),
    })
    .transform((env) => ({
      freeGb: env.IMAGE_FREE_GB,
      /** In units of 0.0001 yuan. */
      perGbDayUnits: BigInt(Math.round(Number(env.IMAGE_STORAGE_PER_GB_DAY) * 10_000)),
    })),
});
