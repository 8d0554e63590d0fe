import { TIMING } from '@suanli/contract';
import { API_BASE } from '../config/site';
import { createHttpClient } from './create-http-client';

/** The default client: 60-second time-out (spec §7). */
export const http = createHttpClient({ baseUrl: API_BASE, timeoutMs: TIMING.requestTimeoutMs });

/** The second client of spec §7, without a time-out, for transfers that may run long. */
export const httpWithoutTimeout = createHttpClient({ baseUrl: API_BASE, timeoutMs: null });

export { createHttpClient, type CallOptions, type CallRequest, type HttpClient } from './create-http-client';
export { HttpError, isHttpError, type HttpErrorKind } from './http-error';
