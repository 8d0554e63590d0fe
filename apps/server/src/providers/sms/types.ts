/** A one-time code for a phone; `text` is the whole message in the recipient's language, for providers that send it. */
export interface SmsCode {
  phone: string;
  code: string;
  text: string;
}

export interface SmsProvider {
  readonly name: 'outbox' | 'gateway';
  /** Resolves once the provider accepted the message; rejects when it did not, so the caller can void the code. */
  sendCode(message: SmsCode): Promise<void>;
}
