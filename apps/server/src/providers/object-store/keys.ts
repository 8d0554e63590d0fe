import path from 'node:path';

const MAX_KEY_LENGTH = 512;
// Segments start with a letter or digit, so `.`, `..` and hidden names can never appear in a key.
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]{0,127}';
const KEY = new RegExp(`^(?:${SEGMENT}/){0,15}${SEGMENT}$`);

/** Whether a key is one of ours: slash-separated plain segments, nothing a file system would treat specially. */
export function isSafeObjectKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY.test(key);
}

/**
 * The file behind a key inside `root`, or null for a key that is not safe. The prefix check repeats the pattern's
 * guarantee in file-system terms, so a later change to the pattern cannot open a path out of the store.
 */
export function objectPath(root: string, key: string): string | null {
  if (!isSafeObjectKey(key)) {
    return null;
  }
  const resolved = path.resolve(root, key);
  return resolved.startsWith(root + path.sep) ? resolved : null;
}
