import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, moneyTextSchema } from '../envelope.js';

/** A region's id as operators name it in the fleet configuration (`cn-east-1`). */
export const REGION_ID_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

const regionIdSchema = z.string().trim().regex(REGION_ID_PATTERN, { error: 'validation.regionId' });

export const availableGpuConfig = defineEndpoint({
  id: 'availableGpuConfig',
  method: 'GET',
  path: '/equipment/deviceServer/availableGpuConfig',
  auth: 'optional',
  summary:
    'The GPU models an image can run on (memory at least its minimum), each with its free GPUs now, the caller’s ' +
    'price of one GPU for an hour billed by the minute (VIP and education apply when signed in) and whether it is ' +
    'sold out; optionally in one region. 404 naming imageId when the image does not exist',
  tag: 'inventory',
  query: z.object({ imageId: idTextSchema, regionId: regionIdSchema.optional() }),
  data: z.array(
    z.object({
      gpuModel: z.string(),
      memoryGb: z.number().int(),
      freeCount: z.number().int(),
      pricePerHour: moneyTextSchema,
      soldOut: z.boolean(),
    }),
  ),
});

export const listGpuRegions = defineEndpoint({
  id: 'listGpuRegions',
  method: 'GET',
  path: '/equipment/gpu/regions',
  auth: 'none',
  summary:
    'Every region, named in the caller’s language, with its GPUs per model: how many there are and how many are free ' +
    'now; `simulated` when its GPUs come from the simulated fleet rather than real hosts',
  tag: 'inventory',
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      simulated: z.boolean(),
      gpus: z.array(z.object({ gpuModel: z.string(), total: z.number().int(), free: z.number().int() })),
    }),
  ),
});
