import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Outbox } from '../outbox.js';
import { outboxMail } from './outbox.js';
import { smtpMail } from './smtp.js';
import type { MailProvider } from './types.js';

export type { MailCode, MailProvider } from './types.js';

/** The outbox by default; SMTP through nodemailer when MAIL=smtp (config.ts requires SMTP_URL then). */
export function mailProvider(config: Config, dependencies: { outbox: Outbox; log: FastifyBaseLogger }): MailProvider {
  if (config.MAIL === 'smtp') {
    return smtpMail({ url: config.SMTP_URL!, from: config.MAIL_FROM });
  }
  return outboxMail(dependencies);
}
