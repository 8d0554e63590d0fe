import path from 'node:path';
import { z } from 'zod';
import { appEnv, configGroup, flag, repoRoot } from './group.js';

/** What the whole process runs as: its environment, development tools, logs, data and business day. */
export const runtime = configGroup({
  schema: z
    .object({
      APP_ENV: appEnv,
      DEV_TOOLS: flag.default(false),
      LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
      DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
      TZ_BUSINESS: z.string().default('Asia/Shanghai'),
    })
    .transform((env) => ({
      env: env.APP_ENV,
      devTools: env.DEV_TOOLS,
      logLevel: env.LOG_LEVEL,
      /** The embedded database, the local object store, workspaces' disks and the generated keys (secrets.ts). */
      dataDir: env.DATA_DIR,
      /** Where business days (0:00 settlement, daily limits, statements) begin and end. */
      businessTimeZone: env.TZ_BUSINESS,
    })),
  refuseInProduction: (runtime) =>
    runtime.devTools ? [{ variable: 'DEV_TOOLS', message: 'must be off in production' }] : [],
});
