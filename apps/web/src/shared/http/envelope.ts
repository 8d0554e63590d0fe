import { SUCCESS_CODES } from '@suanli/contract';
import { HttpError } from './http-error';

interface EnvelopeLike {
  code: number;
  msg?: unknown;
  data?: unknown;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isEnvelope(body: unknown): body is EnvelopeLike {
  return typeof body === 'object' && body !== null && typeof (body as EnvelopeLike).code === 'number';
}

/**
 * The field an error envelope blames, when the body has the shape of the contract's `errorEnvelopeSchema`. Checked by
 * hand: the browser gets the contract without zod (vite-plugins/contract-paths.ts).
 */
function fieldOf(body: EnvelopeLike): string | undefined {
  const { code, msg, data } = body;
  if (!Number.isInteger(code) || typeof msg !== 'string' || typeof data !== 'object' || data === null) {
    return undefined;
  }
  const { field, requestId } = data as { field?: unknown; requestId?: unknown };
  const wellFormed =
    (field === undefined || typeof field === 'string') && (requestId === undefined || typeof requestId === 'string');
  return wellFormed && typeof field === 'string' ? field : undefined;
}

function messageOf(body: unknown): string {
  const msg = typeof body === 'object' && body !== null ? (body as { msg?: unknown }).msg : undefined;
  return typeof msg === 'string' ? msg : '';
}

export interface EnvelopeContent {
  data: unknown;
  msg: string;
}

/**
 * Turns a response into the envelope's data and msg, or an HttpError (spec §8). The server repeats the body code as the HTTP
 * status, so the envelope is read whatever the status; only an answer without an envelope counts as a transport
 * failure. 429 is checked first because it is ignored whatever it carries.
 */
export async function readEnvelope(response: Response): Promise<EnvelopeContent> {
  if (response.status === 429) {
    throw new HttpError('rateLimited', { code: 429 });
  }
  const body = parseJson(await response.text());
  if (!isEnvelope(body)) {
    throw new HttpError('transport', { serverMessage: messageOf(body), code: response.status });
  }
  if (!SUCCESS_CODES.includes(body.code)) {
    throw new HttpError('response', { serverMessage: messageOf(body), code: body.code, field: fieldOf(body) });
  }
  return { data: body.data ?? null, msg: messageOf(body) };
}
