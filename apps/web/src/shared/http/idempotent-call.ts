import { useRef } from 'react';
import { isHttpError } from './http-error';
import { newIdempotencyKey } from './idempotency-key';

/**
 * Whether a failed call may still have gone through: no answer, an answer without an envelope, a server error or a
 * 409 (the same key still being worked on). A refusal below 500 is final and the server keeps it under its key.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!isHttpError(error) || error.kind !== 'response') {
    return true;
  }
  return (error.code ?? 500) >= 500 || error.code === 409;
}

/**
 * Runs a money call with an Idempotency-Key, one per intent: the key is kept while the same input is sent again
 * during an attempt (a double click) or after one whose outcome is unknown (a lost answer), so neither can rent or
 * charge twice; anything else (a new input, a final refusal, the next intent after a success) gets a new key.
 */
export function useIdempotentCall<Input, Output>(call: (input: Input, idempotencyKey: string) => Promise<Output>) {
  const attempt = useRef<{ text: string; key: string } | null>(null);
  return async (input: Input): Promise<Output> => {
    const text = JSON.stringify(input);
    const key = attempt.current?.text === text ? attempt.current.key : newIdempotencyKey();
    attempt.current = { text, key };
    try {
      const output = await call(input, key);
      attempt.current = null;
      return output;
    } catch (error) {
      if (!outcomeUnknown(error)) {
        attempt.current = null;
      }
      throw error;
    }
  };
}
