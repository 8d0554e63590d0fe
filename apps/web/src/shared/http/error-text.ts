import type { HttpError } from './http-error';

/** Fallback message keys of spec §8 for response codes, used when the server sends no msg. */
export function responseFallbackKey(code: number): string {
  switch (code) {
    case 403:
      return 'http:errors.forbidden';
    case 404:
      return 'http:errors.notFound';
    case 500:
      return 'http:errors.serverError';
    default:
      return 'http:errors.unknown';
  }
}

/**
 * What the user is told about a failed call, or null when spec §8 says nothing is shown: 429 is silent, a 401 speaks
 * through the login dialog, and a cancelled request is nobody's failure.
 */
export function errorText(error: HttpError, translate: (key: string) => string): string | null {
  switch (error.kind) {
    case 'response':
      if (error.code === 401) {
        return null;
      }
      return error.serverMessage || translate(responseFallbackKey(error.code ?? 0));
    case 'transport':
      return error.serverMessage || translate('http:errors.request');
    case 'network':
      return translate('http:errors.network');
    default:
      return null;
  }
}
