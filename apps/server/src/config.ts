import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['1', '0', 'on', 'off', 'true', 'false'])
  .transform((value) => value === '1' || value === 'on' || value === 'true');

/**
 * One schema over the environment (ARCHITECTURE §8), parsed once at the edge and passed in; nothing else reads
 * process.env. Provider choices list only the adapters that exist; later issues add the real ones.
 */
const configSchema = z
  .object({
    APP_ENV: z.enum(['development', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    DATABASE_URL: z.url().optional(),
    WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DEV_TOOLS: flag.default(false),
    SN_CHECK: flag.default(true),
    CAPTCHA: flag.default(true),
    SCHEDULER: flag.default(true),
    SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
    TZ_BUSINESS: z.string().default('Asia/Shanghai'),
    APP_DOMAIN: z.string().default('apps.localhost:8080'),
    BODY_LIMIT: z.coerce.number().int().min(1_024).default(1_048_576),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1_200),
    CORS_ORIGINS: z.string().default(''),
    TRUST_PROXY: flag.default(false),
    COMPUTE_DRIVER: z.enum(['local']).default('local'),
    STORAGE: z.enum(['local']).default('local'),
    PAYMENTS: z.enum(['sandbox']).default('sandbox'),
    SMS: z.enum(['outbox']).default('outbox'),
    MAIL: z.enum(['outbox']).default('outbox'),
  })
  .superRefine((config, ctx) => {
    if (config.APP_ENV !== 'production') {
      return;
    }
    if (config.DEV_TOOLS) {
      ctx.addIssue({ code: 'custom', path: ['DEV_TOOLS'], message: 'must be off in production' });
    }
    const sandboxes = { PAYMENTS: 'sandbox', SMS: 'outbox', MAIL: 'outbox' } as const;
    for (const [key, sandbox] of Object.entries(sandboxes)) {
      if (config[key as keyof typeof sandboxes] === sandbox) {
        ctx.addIssue({ code: 'custom', path: [key], message: `the ${sandbox} provider is refused in production` });
      }
    }
  });

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Reads the configuration; empty strings count as unset, so `PORT=` falls back to the default. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function corsOrigins(config: Config): string[] {
  return config.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}
