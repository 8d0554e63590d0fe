/**
 * - `response`: the body carried a code other than 200/201.
 * - `transport`: the HTTP exchange failed without a usable envelope.
 * - `rateLimited`: HTTP 429, which spec §8 ignores silently.
 * - `network`: no response at all (offline, refused, timed out).
 * - `aborted`: the caller cancelled the request.
 */
export type HttpErrorKind = 'response' | 'transport' | 'rateLimited' | 'network' | 'aborted';

/**
 * Every failed call rejects with this. The message is the server's msg, or 'Error' when it sent none (spec §8);
 * `handled` tells callers that the user has already been told.
 */
export class HttpError extends Error {
  readonly handled = true;

  constructor(
    readonly kind: HttpErrorKind,
    readonly serverMessage = '',
    readonly code?: number,
  ) {
    super(serverMessage || 'Error');
    this.name = 'HttpError';
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
