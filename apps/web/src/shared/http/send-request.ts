import { IDEMPOTENCY_KEY_HEADER, signRequest } from '@suanli/contract';
import { answersMayLand } from '../ui/hydration-gate';
import { yieldToBrowser } from '../ui/yield-to-browser';
import { HttpError } from './http-error';

export interface OutgoingRequest {
  method: string;
  /** Path under the API base with its params filled, without the query; it is what `sn` signs. */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  token: string | null;
  language: string;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

let fetchApi: typeof fetch = (input, init) => fetch(input, init);

/**
 * Sends the requests elsewhere than the network: the server, rendering a page with its first data
 * (src/prerender.tsx), answers them in-process. The browser never calls it.
 */
export function setApiFetch(next: typeof fetch): void {
  fetchApi = next;
}

function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) {
        search.append(name, String(item));
      }
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) {
    return undefined;
  }
  if (body instanceof FormData || body instanceof Blob) {
    return body;
  }
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function send(baseUrl: string, timeoutMs: number | null, request: OutgoingRequest) {
  // A page's first queries start together inside React's effects: each request's headers, signature and fetch go in a
  // task of their own.
  await yieldToBrowser();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new HttpError('network');
  }
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': request.language });
  headers.set('sn', signRequest(request.path, Date.now()));
  if (request.token) {
    headers.set('Authorization', `Bearer ${request.token}`);
  }
  if (request.idempotencyKey) {
    headers.set(IDEMPOTENCY_KEY_HEADER, request.idempotencyKey);
  }
  const controller = new AbortController();
  const timer = timeoutMs === null ? undefined : setTimeout(() => controller.abort(), timeoutMs);
  const onCallerAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onCallerAbort);
  try {
    return await fetchApi(`${baseUrl}${request.path}${queryString(request.query)}`, {
      method: request.method,
      headers,
      body: encodeBody(request.body, headers),
      signal: controller.signal,
    });
  } catch {
    throw new HttpError(request.signal?.aborted ? 'aborted' : 'network');
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * Sends one request; a time-out, a refused connection or a cancel become HttpErrors without a response. When the
 * browser already knows it is offline the request fails at once, rather than after the time-out (issue 9). The answer,
 * or the failure, comes back once a page drawn ahead has hydrated (hydration-gate.ts).
 */
export async function sendRequest(baseUrl: string, timeoutMs: number | null, request: OutgoingRequest) {
  try {
    return await send(baseUrl, timeoutMs, request);
  } finally {
    await answersMayLand();
  }
}
