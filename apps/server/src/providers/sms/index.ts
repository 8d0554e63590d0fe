import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Outbox } from '../outbox.js';
import { gatewaySms } from './gateway.js';
import { outboxSms } from './outbox.js';
import type { SmsProvider } from './types.js';

export type { SmsCode, SmsProvider } from './types.js';

/** The outbox by default; the gateway adapter when SMS=gateway (config/sms.ts insists on its settings then). */
export function smsProvider(config: Config, dependencies: { outbox: Outbox; log: FastifyBaseLogger }): SmsProvider {
  const { sms } = config;
  if (sms.provider === 'gateway') {
    return gatewaySms(sms);
  }
  return outboxSms(dependencies);
}
