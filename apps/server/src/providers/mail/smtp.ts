import nodemailer from 'nodemailer';
import type { MailProvider } from './types.js';

/**
 * SMTP through nodemailer; SMTP_URL carries host, port, credentials and TLS (`smtps://user:pass@host:465`).
 * Short time-outs: the caller waits on the answer before it tells the user the code went out.
 */
export function smtpMail(settings: { url: string; from: string }): MailProvider {
  const transport = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: 'smtp',
    async sendCode({ to, subject, text }) {
      await transport.sendMail({ from: settings.from, to, subject, text });
    },
  };
}
