import { z } from 'zod';
import { configGroup, sandboxRefusal, urlRequiredWhen } from './group.js';

const outbox = z.object({ MAIL: z.literal('outbox') }).transform((env) => ({ provider: env.MAIL }));

const smtp = z
  .object({
    MAIL: z.literal('smtp'),
    SMTP_URL: urlRequiredWhen('MAIL=smtp'),
    MAIL_FROM: z.string().default('Suanli <no-reply@suanli.local>'),
  })
  .transform((env) => ({ provider: env.MAIL, url: env.SMTP_URL, from: env.MAIL_FROM }));

/** E-mail: the embedded outbox, or SMTP through nodemailer. */
export const mail = configGroup({
  schema: z
    .looseObject({ MAIL: z.enum(['outbox', 'smtp']).default('outbox') })
    .pipe(z.discriminatedUnion('MAIL', [outbox, smtp])),
  refuseInProduction: (mail) => (mail.provider === 'outbox' ? [sandboxRefusal('MAIL', 'outbox')] : []),
});
