// The input patterns of spec §5, without zod, so that the console's bundle can use them (paths.ts).

/** Mainland phone: 1, then 3–9, 11 digits in all (spec §5). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** Local part, domain, and a suffix of at least two letters (spec §5). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export const isPhone = (value: string) => PHONE_PATTERN.test(value);
export const isEmail = (value: string) => EMAIL_PATTERN.test(value);

/**
 * Characters no text field accepts (issue 7): U+0000, which PostgreSQL refuses in text; a lone UTF-16 surrogate, which
 * is no character at all; and the bidirectional embedding, override and isolate controls, which let a name shown to
 * other people read differently from what it holds ("Trojan Source"). One rule for every field keeps it checkable.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasForbiddenCharacter = (value: string) =>
  value.includes('\u0000') || BIDI_CONTROL.test(value) || LONE_SURROGATE.test(value);
