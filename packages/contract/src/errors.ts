/**
 * The error catalogue (ARCHITECTURE §3): each error code maps to one HTTP status, which the envelope's `code` repeats,
 * and to a message key in i18n/*.json under "errors".
 */
export const ERRORS = {
  badRequest: 400,
  validation: 400,
  malformedJson: 400,
  unauthorized: 401,
  paymentRequired: 402,
  forbidden: 403,
  notFound: 404,
  routeNotFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  businessRule: 422,
  badSignature: 400,
  rateLimited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERRORS;

export const errorMessageKey = (code: ErrorCode) => `errors.${code}` as const;

/** Body codes that mean success (spec §7: 200, or 201); the server answers 200. */
export const SUCCESS_CODES: readonly number[] = [200, 201];
