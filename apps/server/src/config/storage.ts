import { z } from 'zod';
import { configGroup } from './group.js';

/** Where objects live (providers/object-store); only the local store under DATA_DIR exists so far. */
export const storage = configGroup({
  schema: z.object({ STORAGE: z.enum(['local']).default('local') }).transform((env) => ({ provider: env.STORAGE })),
});
