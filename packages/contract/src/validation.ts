import { z } from 'zod';
import { LIMITS } from './constants.js';
import { parseMoney } from './money.js';
import { EMAIL_PATTERN, isEmail, isPhone, PHONE_PATTERN } from './patterns.js';

export * from './patterns.js';

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
/** Why an operator acts: every operator endpoint's body carries it, and the audit log keeps it (decision 0021). */
export const operatorReasonSchema = z
  .string({ error: 'validation.operatorReason' })
  .trim()
  .min(1, { error: 'validation.operatorReason' })
  .max(200, { error: 'validation.operatorReason' });

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
  min: LIMITS.rechargeMinUnits,
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
