import { z } from 'zod';
import { configGroup, requiredWhen, sandboxRefusal, urlRequiredWhen } from './group.js';

const GATEWAY = 'SMS=gateway';

const outbox = z.object({ SMS: z.literal('outbox') }).transform((env) => ({ provider: env.SMS }));

const gateway = z
  .object({
    SMS: z.literal('gateway'),
    SMS_GATEWAY_URL: urlRequiredWhen(GATEWAY),
    SMS_GATEWAY_APP_KEY: requiredWhen(GATEWAY),
    SMS_GATEWAY_APP_SECRET: requiredWhen(GATEWAY),
    SMS_TEMPLATE_ID: requiredWhen(GATEWAY),
    SMS_SIGN_NAME: z.string().default('算力云'),
  })
  .transform((env) => ({
    provider: env.SMS,
    url: env.SMS_GATEWAY_URL,
    appKey: env.SMS_GATEWAY_APP_KEY,
    appSecret: env.SMS_GATEWAY_APP_SECRET,
    templateId: env.SMS_TEMPLATE_ID,
    signName: env.SMS_SIGN_NAME,
  }));

/** Text messages: the embedded outbox (readable at /api/dev/outbox), or an SMS gateway with all its settings. */
export const sms = configGroup({
  schema: z
    .looseObject({ SMS: z.enum(['outbox', 'gateway']).default('outbox') })
    .pipe(z.discriminatedUnion('SMS', [outbox, gateway])),
  refuseInProduction: (sms) => (sms.provider === 'outbox' ? [sandboxRefusal('SMS', 'outbox')] : []),
});
