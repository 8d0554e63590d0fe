import { z } from 'zod';
import { configGroup, requiredWhen, sandboxRefusal, urlRequiredWhen } from './group.js';

const sandbox = z.object({ REAL_NAME: z.literal('sandbox') }).transform((env) => ({ provider: env.REAL_NAME }));

const http = z
  .object({
    REAL_NAME: z.literal('http'),
    REAL_NAME_URL: urlRequiredWhen('REAL_NAME=http'),
    REAL_NAME_APP_CODE: requiredWhen('REAL_NAME=http'),
  })
  .transform((env) => ({ provider: env.REAL_NAME, url: env.REAL_NAME_URL, appCode: env.REAL_NAME_APP_CODE }));

/** Real-name checks: the format and GB 11643 check digit, or an identity-verification API. */
export const realName = configGroup({
  schema: z
    .looseObject({ REAL_NAME: z.enum(['sandbox', 'http']).default('sandbox') })
    .pipe(z.discriminatedUnion('REAL_NAME', [sandbox, http])),
  refuseInProduction: (realName) => (realName.provider === 'sandbox' ? [sandboxRefusal('REAL_NAME', 'sandbox')] : []),
});
