import { outboxMessages } from '../../db/schema.js';
import type { SmsDependencies, SmsProvider } from './index.js';

/**
 * The embedded default (ARCHITECTURE §7): nothing leaves the machine. The message is stored for GET /api/dev/outbox
 * and printed to the log with its code, which only this provider ever logs.
 */
export function outboxSms({ db, clock, log }: SmsDependencies): SmsProvider {
  return {
    name: 'outbox',
    async sendCode({ phone, code, text }) {
      await db.insert(outboxMessages).values({
        channel: 'sms',
        recipient: phone,
        subject: '',
        body: text,
        code,
        createdAt: clock.now(),
      });
      log.info({ channel: 'sms', to: phone, code }, 'outbox: SMS stored, not sent');
    },
  };
}
