/**
 * Where the outbox adapters of SMS and mail keep what they would have sent (ARCHITECTURE §7). The outbox module owns
 * the table and implements this; app.ts hands it to the adapters, which never touch the database themselves.
 */
export interface OutboxMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
}

export interface Outbox {
  record(message: OutboxMessage): Promise<void>;
}
