import type { FastifyBaseLogger } from 'fastify';
import { maskRecipient } from '../../http/masks.js';
import type { Outbox } from '../outbox.js';
import type { MailProvider } from './types.js';

/**
 * The embedded default (ARCHITECTURE §7): the message is stored for GET /api/dev/outbox and printed to the log with
 * its code, which only this provider ever logs, and the recipient masked.
 */
export function outboxMail({ outbox, log }: { outbox: Outbox; log: FastifyBaseLogger }): MailProvider {
  return {
    name: 'outbox',
    async sendCode({ to, subject, text, code }) {
      await outbox.record({ channel: 'email', recipient: to, subject, body: text, code });
      log.info({ channel: 'email', to: maskRecipient(to), code }, 'outbox: e-mail stored, not sent');
    },
  };
}
