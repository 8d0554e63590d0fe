/**
 * - `response`: the body carried a code other than 200/201.
 * - `transport`: the HTTP exchange failed without a usable envelope.
 * - `rateLimited`: HTTP 429, which spec §8 ignores silently.
 * - `network`: no response at all (offline, refused, timed out).
 * - `aborted`: the caller cancelled the request.
 */
export type HttpErrorKind = 'response' | 'transport' | 'rateLimited' | 'network' | 'aborted';

export interface HttpErrorDetails {
  serverMessage?: string;
  code?: number;
  /**
   * The input the server blamed (the error envelope's `data.field`, ARCHITECTURE §3): a body or query field such as
   * `nickName` or `items.0.name`, or the request part (`body`) when the fault is the whole part.
   */
  field?: string;
}

/**
 * Every failed call rejects with this. The message is the server's msg, or 'Error' when it sent none (spec §8);
 * `handled` tells callers that the user has already been told, unless they asked for silence.
 */
export class HttpError extends Error {
  readonly handled = true;
  readonly serverMessage: string;
  readonly code?: number;
  readonly field?: string;

  constructor(
    readonly kind: HttpErrorKind,
    { serverMessage = '', code, field }: HttpErrorDetails = {},
  ) {
    super(serverMessage || 'Error');
    this.name = 'HttpError';
    this.serverMessage = serverMessage;
    this.code = code;
    this.field = field;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
