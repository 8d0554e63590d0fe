import { z } from 'zod';
import { LIMITS } from './constants.js';
import { parseMoney } from './money.js';

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

// Messages are catalogue keys (i18n/*.json "validation"), translated by whoever shows them.
export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, { error: 'validation.phone' });
export const emailSchema = z.string().trim().max(254).regex(EMAIL_PATTERN, { error: 'validation.email' });
export const accountSchema = z
  .string()
  .trim()
  .min(1, { error: 'validation.accountRequired' })
  .refine((value) => isPhone(value) || isEmail(value), { error: 'validation.account' });
export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMin, { error: 'validation.passwordLength' })
  .max(LIMITS.passwordMax, { error: 'validation.passwordLength' });

/** An amount in yuan given as text or number, with at most `decimals` decimals, within [min, max] (in units). */
export function moneySchema(options: { decimals: number; min: bigint; max: bigint; message: string }) {
  return z.union([z.string(), z.number()]).transform((input, ctx) => {
    const units = parseMoney(input, options.decimals);
    if (units === null || units < options.min || units > options.max) {
      ctx.addIssue({ code: 'custom', message: options.message });
      return z.NEVER;
    }
    return units;
  });
}

export const transferAmountSchema = moneySchema({
  decimals: 2,
  min: LIMITS.transferMinUnits,
  max: LIMITS.transferMaxUnits,
  message: 'validation.transferAmount',
});

export const rechargeAmountSchema = moneySchema({
  decimals: 0,
  min: 10_000n,
  max: LIMITS.rechargeMaxUnits,
  message: 'validation.rechargeAmount',
});

export const invoiceAmountSchema = moneySchema({
  decimals: 2,
  min: 100n,
  max: 10n ** 15n,
  message: 'validation.invoiceAmount',
});

export const diskExpansionSchema = z.coerce
  .number()
  .int()
  .min(LIMITS.diskExpansionMinGb, { error: 'validation.diskExpansion' })
  .max(LIMITS.diskExpansionMaxGb, { error: 'validation.diskExpansion' })
  .multipleOf(LIMITS.diskExpansionStepGb, { error: 'validation.diskExpansion' });
