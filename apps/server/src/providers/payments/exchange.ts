import { PaymentUnavailableError } from './types.js';

const TIMEOUT_MS = 5_000;

export interface ProviderAnswer {
  status: number;
  headers: Headers;
  /** The body as sent: a signature covers these exact characters, not a re-serialization of them. */
  text: string;
}

/** One HTTP exchange with a provider; no answer within 5 s, or none at all, is PaymentUnavailableError. */
export async function exchange(provider: string, url: string, init: RequestInit): Promise<ProviderAnswer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    throw new PaymentUnavailableError(`${provider} unreachable or too slow`, { cause: error });
  }
}

/** Parses a provider's JSON; anything else is an answer we cannot act on. */
export function parseJson(provider: string, text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Reported below, as any other unusable answer.
  }
  throw new PaymentUnavailableError(`${provider} answered something other than a JSON object`);
}

/** Downloads a file a provider's signed answer pointed to, as bytes (an archive); anything but 200 is unavailable. */
export async function download(provider: string, url: string, init: RequestInit = {}): Promise<Buffer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (response.status !== 200) {
      throw new PaymentUnavailableError(`${provider} answered the download with HTTP ${response.status}`);
    }
    return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof PaymentUnavailableError) {
      throw error;
    }
    throw new PaymentUnavailableError(`${provider} download unreachable or too slow`, { cause: error });
  }
}
