import { z } from 'zod';
import { configGroup } from './group.js';

/** PostgreSQL when DATABASE_URL is set; otherwise the embedded PGlite under DATA_DIR (docs/decisions/0001). */
export const database = configGroup({
  schema: z.object({ DATABASE_URL: z.url().optional() }).transform((env) => ({ url: env.DATABASE_URL })),
});
