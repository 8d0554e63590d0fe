/** 138****0000: what a response or a log line may show of a phone. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) {
    return null;
  }
  return phone.length >= 8 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** d***@example.com: what a response or a log line may show of an e-mail. */
export function maskEmail(email: string | null): string | null {
  if (!email) {
    return null;
  }
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***';
}

/** A phone or an e-mail, masked for the log. */
export const maskRecipient = (recipient: string): string =>
  (recipient.includes('@') ? maskEmail(recipient) : maskPhone(recipient)) ?? '';
