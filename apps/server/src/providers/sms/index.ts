import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../jobs/clock.js';
import { gatewaySms } from './gateway.js';
import { outboxSms } from './outbox.js';

/** A one-time code for a phone; `text` is the whole message in the recipient's language, for providers that send it. */
export interface SmsCode {
  phone: string;
  code: string;
  text: string;
}

export interface SmsProvider {
  readonly name: 'outbox' | 'gateway';
  /** Resolves once the provider accepted the message; rejects when it did not, so the caller can void the code. */
  sendCode(message: SmsCode): Promise<void>;
}

export interface SmsDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The outbox by default; the gateway adapter when SMS=gateway (config.ts requires its settings then). */
export function smsProvider(config: Config, dependencies: SmsDependencies): SmsProvider {
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
