// What a client needs to call an endpoint besides its method and path, without zod, so that the console's bundle can
// use it (paths.ts).

/** Fills `:name` segments of a path from params. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

/** Request header naming one attempt of an idempotent call; the client sends the same value on each retry. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Response header set to `true` on an answer replayed from an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** A UUID fits; so does any 8 to 128 letters, digits, `.`, `_`, `:` or `-`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
