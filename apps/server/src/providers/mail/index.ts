import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Outbox } from '../outbox.js';
import { outboxMail } from './outbox.js';
import { smtpMail } from './smtp.js';
import type { MailProvider } from './types.js';

export type { MailCode, MailProvider } from './types.js';

/** The outbox by default; SMTP through nodemailer when MAIL=smtp (config/mail.ts insists on SMTP_URL then). */
export function mailProvider(config: Config, dependencies: { outbox: Outbox; log: FastifyBaseLogger }): MailProvider {
  const { mail } = config;
  if (mail.provider === 'smtp') {
    return smtpMail(mail);
  }
  return outboxMail(dependencies);
}
