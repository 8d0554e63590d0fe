import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { moneyTextSchema } from '../envelope.js';
import { BillingMode } from '../enums.js';

const billingModeSchema = z.enum(BillingMode.values, { error: 'validation.billingMode' });

export const getGpuPrice = defineEndpoint({
  id: 'getGpuPrice',
  method: 'GET',
  path: '/recharge/charge/getGpuPrice',
  auth: 'optional',
  summary:
    'Quotes a rental: original price × duration discount × VIP discount (spec §9). Per minute quotes one hour; ' +
    "prepaid modes quote `duration` periods. Signed in, the caller's VIP grade and education role apply",
  tag: 'pricing',
  query: z.object({
    gpuModel: z.string({ error: 'validation.gpuModel' }).trim().min(1, { error: 'validation.gpuModel' }).max(64),
    billingMode: billingModeSchema,
    duration: z.coerce
      .number({ error: 'validation.duration' })
      .int({ error: 'validation.duration' })
      .min(1, { error: 'validation.duration' })
      .max(LIMITS.rentalPeriodsMax, { error: 'validation.duration' })
      .default(1),
    gpuCount: z.coerce
      .number({ error: 'validation.gpuCount' })
      .int({ error: 'validation.gpuCount' })
      .min(1, { error: 'validation.gpuCount' })
      .max(8, { error: 'validation.gpuCount' })
      .default(1),
  }),
  data: z.object({
    gpuModel: z.string(),
    billingMode: billingModeSchema,
    duration: z.number().int(),
    gpuCount: z.number().int(),
    /** One GPU for one period (an hour when per minute) at the list price, or the education price for its holders. */
    unitPrice: moneyTextSchema,
    originalPrice: moneyTextSchema,
    durationDiscountBasisPoints: z.number().int(),
    vipGrade: z.number().int(),
    vipDiscountBasisPoints: z.number().int(),
    education: z.boolean(),
    price: moneyTextSchema,
  }),
});

const periodPricesSchema = z.object({
  minute: moneyTextSchema,
  day: moneyTextSchema,
  week: moneyTextSchema,
  month: moneyTextSchema,
  year: moneyTextSchema,
});

export const listGpuModels = defineEndpoint({
  id: 'listGpuModels',
  method: 'GET',
  path: '/equipment/server/info/gpuModel',
  auth: 'none',
  summary:
    'The GPU models on offer with their list prices for one GPU: per hour when billed by the minute, and per day, ' +
    'week, month and year prepaid (duration discount applied, VIP discount not); the education price per hour where set',
  tag: 'pricing',
  data: z.array(
    z.object({
      gpuModel: z.string(),
      memoryGb: z.number().int(),
      prices: periodPricesSchema,
      educationHourlyPrice: moneyTextSchema.nullable(),
    }),
  ),
});
