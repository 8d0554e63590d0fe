import { z } from 'zod';
import { configGroup } from './group.js';

/** The GPU models, prices and regions on offer (modules/inventory/fleet.ts). */
export const fleet = configGroup({
  schema: z.object({ FLEET_FILE: z.string().optional(), LOCAL_REGION: z.string().optional() }).transform((env) => ({
    /** Unset, the embedded simulated fleet. */
    file: env.FLEET_FILE,
    /** The region GPUs found on real hardware are offered in; unset, the fleet's first region. */
    localRegion: env.LOCAL_REGION,
  })),
});
