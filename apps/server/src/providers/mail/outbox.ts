import { outboxMessages } from '../../db/schema.js';
import type { MailDependencies, MailProvider } from './index.js';

/**
 * The embedded default (ARCHITECTURE §7): the message is stored for GET /api/dev/outbox and printed to the log with
 * its code, which only this provider ever logs.
 */
export function outboxMail({ db, clock, log }: MailDependencies): MailProvider {
  return {
    name: 'outbox',
    async sendCode({ to, subject, text, code }) {
      await db.insert(outboxMessages).values({
        channel: 'email',
        recipient: to,
        subject,
        body: text,
        code,
        createdAt: clock.now(),
      });
      log.info({ channel: 'email', to, code }, 'outbox: e-mail stored, not sent');
    },
  };
}
