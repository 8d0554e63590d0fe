import path from 'node:path';
import { z } from 'zod';
import { appEnv, configGroup, flag, repoRoot } from './group.js';

const milliseconds = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

/** How the server listens and answers: its address, limits, timeouts, cross-origin rules and public origins. */
export const http = configGroup({
  schema: z
    .object({
      APP_ENV: appEnv,
      HOST: z.string().default('0.0.0.0'),
      PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
      WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
      BODY_LIMIT: z.coerce.number().int().min(1_024).default(1_048_576),
      RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1_200),
      RESPONSE_VALIDATION: flag.optional(),
      CORS_ORIGINS: z.string().default(''),
      TRUST_PROXY: flag.default(false),
      // Behind a load balancer (ARCHITECTURE §1): the whole request must arrive within REQUEST_TIMEOUT_MS and its
      // head within HEADERS_TIMEOUT_MS, or it is answered 408; an idle keep-alive connection is kept longer than a
      // typical balancer's 60-second idle timeout, so that the balancer, not the server, closes it.
      REQUEST_TIMEOUT_MS: milliseconds(100, 60_000),
      HEADERS_TIMEOUT_MS: milliseconds(50, 20_000),
      KEEP_ALIVE_TIMEOUT_MS: milliseconds(100, 72_000),
      PUBLIC_URL: z.url().optional(),
      APP_DOMAIN: z.string().optional(),
    })
    // Node refuses a headers timeout above the request timeout (http.Server headersTimeout).
    .refine((env) => env.HEADERS_TIMEOUT_MS < env.REQUEST_TIMEOUT_MS, {
      path: ['HEADERS_TIMEOUT_MS'],
      message: 'must be less than REQUEST_TIMEOUT_MS',
    })
    .transform((env) => ({
      host: env.HOST,
      port: env.PORT,
      webDist: env.WEB_DIST,
      bodyLimit: env.BODY_LIMIT,
      /** 0 turns the limiter off. */
      rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
      /** Check every answer against its zod schema: unless set, everywhere but in production (response-serializer). */
      responseValidation: env.RESPONSE_VALIDATION ?? env.APP_ENV !== 'production',
      corsOrigins: env.CORS_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      trustProxy: env.TRUST_PROXY,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
      /**
       * The origin that links leaving the console use (sandbox QR pages, signed object URLs), without a trailing
       * slash. Unset, it is '' and links are relative to whatever origin the browser used, which is right behind any
       * proxy or port; PUBLIC_URL is for when a phone must open one.
       */
      publicUrl: (env.PUBLIC_URL ?? '').replace(/\/$/, ''),
      /** Unset, this server's own port under apps.localhost, which browsers resolve to this machine. */
      appDomain: env.APP_DOMAIN ?? `apps.localhost:${env.PORT}`,
    })),
});
