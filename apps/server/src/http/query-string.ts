const ESCAPE = /%([0-9A-Fa-f]{2})/g;
// A `%` that starts no escape stays a literal `%`, as browsers' URLSearchParams keeps it.
const STRAY_PERCENT = /%(?![0-9A-Fa-f]{2})/g;

/**
 * Decodes one key or value. Escapes that are not UTF-8 cannot be text; instead of keeping them raw (what Fastify's
 * default parser does), each byte from 0x80 up becomes the lone surrogate U+DC80–U+DCFF, as Python's
 * "surrogateescape" does (PEP 383). A URL can carry a lone surrogate only this way (`%ED%A0%80` is U+D800 in WTF-8),
 * and the bad-characters hook then refuses it like any other lone surrogate, naming the field.
 */
function decodeComponent(raw: string): string {
  const text = raw.replace(/\+/g, ' ');
  if (!text.includes('%')) {
    return text;
  }
  const escaped = text.replace(STRAY_PERCENT, '%25');
  try {
    return decodeURIComponent(escaped);
  } catch {
    return escaped.replace(ESCAPE, (_, hex: string) => {
      const byte = Number.parseInt(hex, 16);
      return String.fromCharCode(byte < 0x80 ? byte : 0xdc00 + byte);
    });
  }
}

/**
 * The query string as Fastify's default parser reads it (`a=1&a=2` gives an array, `+` is a space, a key without `=`
 * has the value ''), on an object without a prototype, so that `__proto__` is only a key.
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null);
  for (const pair of query.split('&')) {
    if (pair === '') {
      continue;
    }
    const equals = pair.indexOf('=');
    const key = decodeComponent(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decodeComponent(pair.slice(equals + 1));
    const previous = result[key];
    if (previous === undefined) {
      result[key] = value;
    } else if (Array.isArray(previous)) {
      previous.push(value);
    } else {
      result[key] = [previous, value];
    }
  }
  return result;
}
