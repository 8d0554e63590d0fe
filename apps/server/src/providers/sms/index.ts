import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Outbox } from '../outbox.js';
import { gatewaySms } from './gateway.js';
import { outboxSms } from './outbox.js';
import type { SmsProvider } from './types.js';

export type { SmsCode, SmsProvider } from './types.js';

/** The outbox by default; the gateway adapter when SMS=gateway (config.ts requires its settings then). */
export function smsProvider(config: Config, dependencies: { outbox: Outbox; log: FastifyBaseLogger }): SmsProvider {
  if (config.SMS === 'gateway') {
    return gatewaySms({
      url: config.SMS_GATEWAY_URL!,
      appKey: config.SMS_GATEWAY_APP_KEY!,
      appSecret: config.SMS_GATEWAY_APP_SECRET!,
      signName: config.SMS_SIGN_NAME,
      templateId: config.SMS_TEMPLATE_ID!,
    });
  }
  return outboxSms(dependencies);
}
