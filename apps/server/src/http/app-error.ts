import { ERRORS, type ErrorCode } from '@suanli/contract';

type Params = Record<string, string | number | bigint | undefined>;

/**
 * The one error type (STYLE habit 4): a catalogue code, an optional more precise message key, its parameters and
 * the field at fault. The error handler turns it into the envelope in the caller's language.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: { messageKey?: string; params?: Params; field?: string; cause?: unknown } = {},
  ) {
    super(options.messageKey ?? code, { cause: options.cause });
    this.status = ERRORS[code];
  }
}
