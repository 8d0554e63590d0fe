import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { dateSchema } from '../dates.js';
import { defineEndpoint } from '../endpoint.js';
import { moneyTextSchema } from '../envelope.js';
import { moneySchema, operatorReasonSchema } from '../validation.js';

export const redeemCode = defineEndpoint({
  id: 'redeemCode',
  method: 'POST',
  path: '/recharge/redeem/verificationCancel',
  auth: 'user',
  summary: 'Redeems a code: its amount is added to the balance, once, whoever tries it and however often',
  tag: 'redeem',
  idempotent: true,
  // Codes are guessed one request at a time: a person types a handful in a minute, a script would need millions.
  rateLimitPerMinute: 10,
  query: z.object({
    code: z
      .string({ error: 'validation.redeemCodeRequired' })
      .trim()
      .min(1, { error: 'validation.redeemCodeRequired' })
      .max(64, { error: 'validation.redeemCode' }),
  }),
  data: z.object({ amount: moneyTextSchema, balance: moneyTextSchema }),
});

export const createRedeemBatch = defineEndpoint({
  id: 'createRedeemBatch',
  method: 'POST',
  path: '/admin/finance/redeem-batches',
  auth: 'user',
  operator: 'finance',
  summary: 'Operators: creates a batch of single-use codes, each worth the same amount of balance',
  tag: 'admin',
  idempotent: true,
  body: z.object({
    name: z.string().trim().min(1).max(60),
    amount: moneySchema({ decimals: 2, min: 100n, max: LIMITS.redeemMaxUnits, message: 'validation.redeemAmount' }),
    count: z.number().int().min(1).max(LIMITS.redeemBatchMax),
    /** The last day a code may be redeemed (business time); none: no end. */
    lastDay: dateSchema.optional(),
    reason: operatorReasonSchema,
  }),
  data: z.object({ batchId: z.string(), codes: z.array(z.string()) }),
});
