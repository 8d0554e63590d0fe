import { createHash } from 'node:crypto';

// Objects with their keys sorted, bigints and dates as tagged text: two inputs that mean the same thing (keys sent in
// another order, `1` and `"1.00"` parsed to the same amount) give the same text, and different ones never do.
function canonical(value: unknown): unknown {
  if (typeof value === 'bigint') {
    return { $bigint: value.toString() };
  }
  if (value instanceof Date) {
    return { $date: value.toISOString() };
  }
  if (Array.isArray(value)) {
    return value.map(canonical);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value ?? null;
}

/** SHA-256 of a value's canonical JSON: the fingerprint of a request's validated input. */
export function canonicalHash(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}
