/**
 * A fresh Idempotency-Key: 128 random bits as 32 hex digits, which the contract's IDEMPOTENCY_KEY_PATTERN accepts.
 * Built from getRandomValues rather than crypto.randomUUID, which browsers offer only on HTTPS and localhost.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
