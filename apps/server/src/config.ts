import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['1', '0', 'on', 'off', 'true', 'false'])
  .transform((value) => value === '1' || value === 'on' || value === 'true');

/** A 32-byte key given as base64 (`openssl rand -base64 32`). */
const base64Key = z.string().refine((value) => Buffer.from(value, 'base64').length === 32, {
  message: 'must be 32 bytes in base64 (openssl rand -base64 32)',
});

const FICTITIOUS_BANK_ACCOUNT = '0000 0000 0000 0000 000';

/**
 * One schema over the environment (ARCHITECTURE §8), parsed once at the edge and passed in; nothing else reads
 * process.env. Provider choices list only the adapters that exist; later issues add the real ones.
 */
const baseSchema = z.object({
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
  // Running applications billed per transaction of the per-minute tick (modules/applications/billing.ts).
  BILLING_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1_000),
  TZ_BUSINESS: z.string().default('Asia/Shanghai'),
  // Unset, it follows PORT (withAppDomain), so that a link opens under `npm start` on any port.
  APP_DOMAIN: z.string().optional(),
  BODY_LIMIT: z.coerce.number().int().min(1_024).default(1_048_576),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1_200),
  // Check every answer against its zod schema; unset, on everywhere but in production (http/response-serializer.ts).
  RESPONSE_VALIDATION: flag.optional(),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: flag.default(false),
  COMPUTE_DRIVER: z.enum(['local', 'kubernetes']).default('local'),
  // COMPUTE_DRIVER=local: how long a workspace process may take to listen before it is killed and reported failed.
  WORKSPACE_START_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  // COMPUTE_DRIVER=local: the command listing this host's GPUs; when it is not found, the configured fleet is offered.
  NVIDIA_SMI: z.string().min(1).default('nvidia-smi'),
  // COMPUTE_DRIVER=kubernetes (providers/compute/kubernetes.ts): the API server, a service account's token, and
  // where each application's Pod, PVC and Service go.
  KUBERNETES_API_URL: z.url().optional(),
  KUBERNETES_TOKEN: z.string().optional(),
  KUBERNETES_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, { message: 'must be a namespace name (DNS label)' })
    .default('suanli-apps'),
  KUBERNETES_CA_FILE: z.string().optional(),
  KUBERNETES_STORAGE_CLASS: z.string().optional(),
  KUBERNETES_GPU_LABEL: z.string().default('nvidia.com/gpu.product'),
  KUBERNETES_IMAGE_PREFIX: z.string().default('registry.suanli.local/images'),
  // The GPU models and prices on offer (modules/inventory/fleet.ts); unset, the embedded simulated fleet.
  FLEET_FILE: z.string().optional(),
  // The configured region that GPUs found on real hardware are offered in; unset, the fleet's first region.
  LOCAL_REGION: z.string().optional(),
  STORAGE: z.enum(['local']).default('local'),
  PAYMENTS: z.enum(['sandbox', 'live']).default('sandbox'),
  // PAYMENTS=live: WeChat Pay API v3 (Native) and Alipay (当面付 QR), each notifying under PUBLIC_URL.
  WECHAT_PAY_MCH_ID: z.string().optional(),
  WECHAT_PAY_APP_ID: z.string().optional(),
  WECHAT_PAY_CERT_SERIAL: z.string().optional(),
  WECHAT_PAY_PRIVATE_KEY_FILE: z.string().optional(),
  WECHAT_PAY_API_V3_KEY: z.string().length(32, { message: 'must be the 32-character API v3 key' }).optional(),
  WECHAT_PAY_PLATFORM_KEY_FILE: z.string().optional(),
  WECHAT_PAY_PLATFORM_SERIAL: z.string().optional(),
  WECHAT_PAY_API_BASE: z.url().default('https://api.mch.weixin.qq.com'),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_SELLER_ID: z.string().optional(),
  // The account a bank-transfer recharge is paid into; the defaults are fictitious, and refused in production.
  BANK_ACCOUNT_NAME: z.string().default('示例算力科技有限公司（虚构，仅供开发）'),
  BANK_NAME: z.string().default('示例银行北京示例支行（虚构）'),
  BANK_ACCOUNT_NUMBER: z.string().default(FICTITIOUS_BANK_ACCOUNT),
  PUBLIC_URL: z.url().optional(),
  SMS: z.enum(['outbox', 'gateway']).default('outbox'),
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_GATEWAY_APP_KEY: z.string().optional(),
  SMS_GATEWAY_APP_SECRET: z.string().optional(),
  SMS_SIGN_NAME: z.string().default('算力云'),
  SMS_TEMPLATE_ID: z.string().optional(),
  MAIL: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Suanli <no-reply@suanli.local>'),
  WECHAT_LOGIN: z.enum(['sandbox', 'official']).default('sandbox'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_TOKEN: z.string().optional(),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
  WECHAT_QR_BASE: z.url().default('https://mp.weixin.qq.com/cgi-bin/showqrcode'),
  REAL_NAME: z.enum(['sandbox', 'http']).default('sandbox'),
  REAL_NAME_URL: z.url().optional(),
  REAL_NAME_APP_CODE: z.string().optional(),
  // Unset outside production, each is generated once and kept in DATA_DIR (secrets.ts); production must set both.
  ID_ENCRYPTION_KEY: base64Key.optional(),
  OBJECT_SIGNING_KEY: base64Key.optional(),
  // Behind a load balancer (ARCHITECTURE §1): the whole request must arrive within REQUEST_TIMEOUT_MS and its head
  // within HEADERS_TIMEOUT_MS, or it is answered 408; an idle keep-alive connection is kept longer than a typical
  // balancer's 60-second idle timeout, so that the balancer, not the server, closes it.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(50).default(20_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(72_000),
  // The operator's public details (modules/site, issue 9): the footer's company and filing numbers, the agreement and
  // privacy links, and customer service. The defaults are fictitious on purpose (zeros, "示例"), for development.
  SITE_COMPANY_NAME: z.string().default('示例算力科技有限公司（虚构，仅供开发）'),
  SITE_COMPANY_NAME_EN: z.string().default('Example Compute Technology Co., Ltd. (fictitious, for development)'),
  SITE_ICP_NUMBER: z.string().default('京ICP备00000000号-0'),
  SITE_PUBLIC_SECURITY_NUMBER: z.string().default('京公网安备00000000000000号'),
  SITE_AGREEMENT_URL: z.string().default('/help/user-agreement'),
  SITE_PRIVACY_URL: z.string().default('/help/privacy-policy'),
  SUPPORT_PHONE: z.string().default('400-000-0000'),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  SUPPORT_DAYS: z.enum(['weekdays', 'daily']).default('weekdays'),
  SUPPORT_HOURS: z
    .string()
    .regex(/^\d{2}:\d{2}-\d{2}:\d{2}$/, { message: 'must be HH:mm-HH:mm' })
    .default('09:00-18:00'),
  SUPPORT_TIME_ZONE: z.string().default('Asia/Shanghai'),
  SUPPORT_WECHAT_URL: z.string().default('https://work.weixin.qq.com/kfid/kfc0000000000000000'),
});

/** APP_DOMAIN's default is this server's own port under apps.localhost, which browsers resolve to this machine. */
function withAppDomain<T extends { APP_DOMAIN?: string; PORT: number }>(config: T): T & { APP_DOMAIN: string } {
  return { ...config, APP_DOMAIN: config.APP_DOMAIN ?? `apps.localhost:${config.PORT}` };
}

const configSchema = baseSchema.superRefine((config, ctx) => {
  const need = (key: keyof typeof config, when: string) => {
    if (!config[key]) {
      ctx.addIssue({ code: 'custom', path: [key], message: `is required when ${when}` });
    }
  };
  if (config.SMS === 'gateway') {
    ['SMS_GATEWAY_URL', 'SMS_GATEWAY_APP_KEY', 'SMS_GATEWAY_APP_SECRET', 'SMS_TEMPLATE_ID'].forEach((key) =>
      need(key as keyof typeof config, 'SMS=gateway'),
    );
  }
  if (config.MAIL === 'smtp') {
    need('SMTP_URL', 'MAIL=smtp');
  }
  if (config.WECHAT_LOGIN === 'official') {
    ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_TOKEN'].forEach((key) =>
      need(key as keyof typeof config, 'WECHAT_LOGIN=official'),
    );
  }
  if (config.PAYMENTS === 'live') {
    const keys = [
      ...[
        'MCH_ID',
        'APP_ID',
        'CERT_SERIAL',
        'PRIVATE_KEY_FILE',
        'API_V3_KEY',
        'PLATFORM_KEY_FILE',
        'PLATFORM_SERIAL',
      ].map((key) => `WECHAT_PAY_${key}`),
      ...['APP_ID', 'PRIVATE_KEY_FILE', 'PUBLIC_KEY_FILE'].map((key) => `ALIPAY_${key}`),
      // Each provider is told where to notify, which a relative link cannot say.
      'PUBLIC_URL',
    ];
    keys.forEach((key) => need(key as keyof typeof config, 'PAYMENTS=live'));
  }
  if (config.REAL_NAME === 'http') {
    ['REAL_NAME_URL', 'REAL_NAME_APP_CODE'].forEach((key) => need(key as keyof typeof config, 'REAL_NAME=http'));
  }
  if (config.COMPUTE_DRIVER === 'kubernetes') {
    need('KUBERNETES_API_URL', 'COMPUTE_DRIVER=kubernetes');
    need('KUBERNETES_TOKEN', 'COMPUTE_DRIVER=kubernetes');
  }
  if (config.HEADERS_TIMEOUT_MS >= config.REQUEST_TIMEOUT_MS) {
    // Node refuses a headers timeout above the request timeout (http.Server headersTimeout).
    ctx.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_MS'], message: 'must be less than REQUEST_TIMEOUT_MS' });
  }
  if (config.APP_ENV === 'production') {
    refuseInProduction(config, ctx);
  }
});

function refuseInProduction(config: z.output<typeof baseSchema>, ctx: z.RefinementCtx) {
  const refuse = (key: string, message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
  if (config.DEV_TOOLS) {
    refuse('DEV_TOOLS', 'must be off in production');
  }
  if (!config.CAPTCHA) {
    refuse('CAPTCHA', 'must be on in production');
  }
  const sandboxes = {
    PAYMENTS: 'sandbox',
    SMS: 'outbox',
    MAIL: 'outbox',
    WECHAT_LOGIN: 'sandbox',
    REAL_NAME: 'sandbox',
  };
  for (const [key, sandbox] of Object.entries(sandboxes)) {
    if (config[key as keyof typeof sandboxes] === sandbox) {
      refuse(key, `the ${sandbox} provider is refused in production`);
    }
  }
  if (config.BANK_ACCOUNT_NUMBER === FICTITIOUS_BANK_ACCOUNT) {
    refuse('BANK_ACCOUNT_NUMBER', 'must be the real receiving account in production');
  }
  // Several instances share one database: a key kept in one instance's DATA_DIR would not open another's data.
  for (const key of ['ID_ENCRYPTION_KEY', 'OBJECT_SIGNING_KEY'] as const) {
    if (!config[key]) {
      refuse(key, 'must be set to a secret of its own in production');
    }
  }
}

/** What the environment says; the keys it leaves unset are resolved by secrets.ts before the server starts. */
export type Settings = z.output<typeof configSchema> & { APP_DOMAIN: string };

/** What the server runs with: the settings, every key present. */
export type Config = Settings & { ID_ENCRYPTION_KEY: string; OBJECT_SIGNING_KEY: string };

export class ConfigError extends Error {}

/**
 * Reads the configuration, touching nothing else (secrets.ts then fills in the keys); empty strings count as unset, so
 * `PORT=` falls back to the default.
 */
export function loadConfig(env: Record<string, string | undefined>): Settings {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return withAppDomain(parsed.data);
}

/**
 * The origin that links leaving the console use (sandbox QR pages, signed object URLs). Unset, links are relative to
 * whatever origin the browser used, which is right behind any proxy or port; set PUBLIC_URL when a phone must open one.
 */
export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? '').replace(/\/$/, '');
}

export function corsOrigins(config: Config): string[] {
  return config.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}
