import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../jobs/clock.js';
import { outboxMail } from './outbox.js';
import { smtpMail } from './smtp.js';

/** A one-time code by e-mail: subject and text already in the recipient's language. */
export interface MailCode {
  to: string;
  subject: string;
  text: string;
  code: string;
}

export interface MailProvider {
  readonly name: 'outbox' | 'smtp';
  /** Resolves once the server accepted the message; rejects when it did not, so the caller can void the code. */
  sendCode(message: MailCode): Promise<void>;
}

export interface MailDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The outbox by default; SMTP through nodemailer when MAIL=smtp (config.ts requires SMTP_URL then). */
export function mailProvider(config: Config, dependencies: MailDependencies): MailProvider {
  if (config.MAIL === 'smtp') {
    return smtpMail({ url: config.SMTP_URL!, from: config.MAIL_FROM });
  }
  return outboxMail(dependencies);
}
