import { TIMING } from '@suanli/contract';
import { API_BASE } from '../config/site';
import { createHttpClient } from './create-http-client';

let apiBase = API_BASE;

/**
 * Points the shared clients at another API origin. Only tests call it: jsdom's fetch cannot resolve `/api` against a
 * page origin, so each test hands in the URL of the local server it started.
 */
export function setApiBase(url: string): void {
  apiBase = url;
}

/** The default client: 60-second time-out (spec §7). */
export const http = createHttpClient({ baseUrl: () => apiBase, timeoutMs: TIMING.requestTimeoutMs });

/** The second client of spec §7, without a time-out, for transfers that may run long. */
export const httpWithoutTimeout = createHttpClient({ baseUrl: () => apiBase, timeoutMs: null });

export { createHttpClient, type CallOptions, type CallRequest, type HttpClient } from './create-http-client';
export { errorText } from './error-text';
export { setApiFetch } from './send-request';
export { HttpError, isHttpError, type HttpErrorDetails, type HttpErrorKind } from './http-error';
export { newIdempotencyKey } from './idempotency-key';
export { outcomeUnknown, useIdempotentCall } from './idempotent-call';
export { putSigned, percentOf, type SignedPut } from './put-signed';
