import type { FastifyBaseLogger } from 'fastify';
import { maskRecipient } from '../../http/masks.js';
import type { Outbox } from '../outbox.js';
import type { SmsProvider } from './types.js';

/**
 * The embedded default (ARCHITECTURE §7): nothing leaves the machine. The message is stored for GET /api/dev/outbox
 * and printed to the log with its code, which only this provider ever logs, and the recipient masked.
 */
export function outboxSms({ outbox, log }: { outbox: Outbox; log: FastifyBaseLogger }): SmsProvider {
  return {
    name: 'outbox',
    async sendCode({ phone, code, text }) {
      await outbox.record({ channel: 'sms', recipient: phone, subject: '', body: text, code });
      log.info({ channel: 'sms', to: maskRecipient(phone), code }, 'outbox: SMS stored, not sent');
    },
  };
}
