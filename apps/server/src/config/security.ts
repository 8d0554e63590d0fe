import { z } from 'zod';
import { configGroup, flag } from './group.js';

/** The speed bumps in front of sign-in and the API: the arithmetic captcha and the `sn` header (decisions/0004). */
export const security = configGroup({
  schema: z
    .object({ CAPTCHA: flag.default(true), SN_CHECK: flag.default(true) })
    .transform((env) => ({ captcha: env.CAPTCHA, snCheck: env.SN_CHECK })),
  refuseInProduction: (security) =>
    security.captcha ? [] : [{ variable: 'CAPTCHA', message: 'must be on in production' }],
});
