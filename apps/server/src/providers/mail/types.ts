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
