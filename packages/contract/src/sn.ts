/**
 * The `sn` request header of spec §7: a timestamp, a fixed secret and one character of the URL, hashed. The secret
 * ships inside the console, so this is a speed bump against naive scrapers and never authentication (ARCHITECTURE §3).
 * FNV-1a is used because it is synchronous in every browser, secure context or not.
 */
export const SN_SECRET = 'suanli-console-2026';
export const SN_WINDOW_MS = 5 * 60_000;

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The character of the path (without query) that a given timestamp picks. */
function pickCharacter(path: string, timestamp: number): string {
  return path.length === 0 ? '' : path.charAt(timestamp % path.length);
}

export function signRequest(path: string, timestamp: number): string {
  return `${timestamp}.${fnv1a(`${timestamp}${SN_SECRET}${pickCharacter(path, timestamp)}`)}`;
}

export function verifySignature(sn: string | undefined, path: string, now: number): boolean {
  if (!sn) {
    return false;
  }
  const [stamp] = sn.split('.');
  const timestamp = Number(stamp);
  if (!Number.isSafeInteger(timestamp) || Math.abs(now - timestamp) > SN_WINDOW_MS) {
    return false;
  }
  return signRequest(path, timestamp) === sn;
}
