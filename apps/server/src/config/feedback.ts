import { parseMoney, type Money } from '@suanli/contract';
import { z } from 'zod';
import { configGroup } from './group.js';

/**
 * Feedback (modules/feedback, issue 22, decision 0033): the voucher an adopted opinion earns its author (spec §1 "a
 * small gift"), usable on any charge for the days given.
 */
export const feedback = configGroup({
  schema: z
    .object({
      FEEDBACK_GIFT_YUAN: z
        .string()
        .regex(/^\d{1,4}(\.\d{1,2})?$/, { message: 'must be yuan with at most 2 decimals, below 10000' })
        .refine((yuan) => Number(yuan) > 0, { message: 'must be above 0' })
        .default('5'),
      FEEDBACK_GIFT_VALID_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    })
    .transform((env) => ({
      giftAmount: parseMoney(env.FEEDBACK_GIFT_YUAN, 2) as Money,
      giftValidDays: env.FEEDBACK_GIFT_VALID_DAYS,
    })),
});
