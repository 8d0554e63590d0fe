import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { dateSchema } from '../dates.js';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, moneyTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
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

export const listRedeemBatches = defineEndpoint({
  id: 'listRedeemBatches',
  method: 'GET',
  path: '/admin/finance/redeem-batches',
  auth: 'user',
  operator: 'finance',
  summary: 'Operators: redeem-code batches, newest first: how many codes, how many used, their amount, expiry, creator',
  tag: 'admin',
  query: pageQuerySchema,
  data: pageSchema(
    z.object({
      batchId: z.string(),
      name: z.string(),
      amount: moneyTextSchema,
      count: z.number().int(),
      used: z.number().int(),
      /** The last day a code may be redeemed (business time); null: no end. */
      lastDay: z.string().nullable(),
      createdBy: z.string().nullable(),
      createTime: z.string(),
    }),
  ),
});

export const listRedeemBatchCodes = defineEndpoint({
  id: 'listRedeemBatchCodes',
  method: 'GET',
  path: '/admin/finance/redeem-batches/:batchId/codes',
  auth: 'user',
  operator: 'finance',
  summary: "Operators: a batch's codes, for its CSV export, each with when it was redeemed",
  tag: 'admin',
  params: z.object({ batchId: idTextSchema }),
  data: z.object({
    name: z.string(),
    amount: moneyTextSchema,
    lastDay: z.string().nullable(),
    codes: z.array(z.object({ code: z.string(), redeemedAt: z.string().nullable() })),
  }),
});
