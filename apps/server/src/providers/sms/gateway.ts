import { createHmac } from 'node:crypto';
import type { SmsProvider } from './types.js';

export interface GatewaySettings {
  url: string;
  appKey: string;
  appSecret: string;
  signName: string;
  templateId: string;
}

const TIMEOUT_MS = 10_000;

/** The gateway signs nothing back; it accepts when its JSON answer says code 0 or 'OK'. */
function accepted(answer: unknown): boolean {
  const code = typeof answer === 'object' && answer !== null ? (answer as { code?: unknown }).code : undefined;
  return code === 0 || code === '0' || code === 'OK';
}

/** x-signature = hex HMAC-SHA256(app secret, `${timestamp}\n${body}`): the gateway recomputes it over the raw body. */
export function signGatewayRequest(appSecret: string, timestamp: string, body: string): string {
  return createHmac('sha256', appSecret).update(`${timestamp}\n${body}`).digest('hex');
}

/**
 * An HTTP SMS gateway (the shape Aliyun- and Tencent-style relays share): the text lives in the gateway's approved
 * template, so only the template id and the code travel.
 */
export function gatewaySms(settings: GatewaySettings): SmsProvider {
  return {
    name: 'gateway',
    async sendCode({ phone, code }) {
      const body = JSON.stringify({
        phone,
        signName: settings.signName,
        templateId: settings.templateId,
        params: { code },
      });
      // Real time, not the business clock: the gateway checks the timestamp against its own clock.
      const timestamp = String(Date.now());
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-app-key': settings.appKey,
          'x-timestamp': timestamp,
          'x-signature': signGatewayRequest(settings.appSecret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer: unknown = await response.json().catch(() => null);
      if (!response.ok || !accepted(answer)) {
        throw new Error(`SMS gateway refused the message: HTTP ${response.status} ${JSON.stringify(answer)}`);
      }
    },
  };
}
