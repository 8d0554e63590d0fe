import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { moneyTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { VoucherKind, VoucherSource, VoucherStatus } from '../enums.js';
import { accountSchema, moneySchema, operatorReasonSchema } from '../validation.js';

const voucherRowSchema = z.object({
  id: z.string(),
  /** The operator's name for it, or its source's in the caller's language. */
  name: z.string(),
  kind: VoucherKind.schema,
  /** Face value. */
  amount: moneyTextSchema,
  /** What is left of it. */
  balance: moneyTextSchema,
  /** Invalid once spent to nothing or expired. */
  status: VoucherStatus.schema,
  effectiveTime: z.string(),
  expireTime: z.string(),
  source: VoucherSource.schema,
});

const voucherPage = pageSchema(voucherRowSchema);

export const listVouchers = defineEndpoint({
  id: 'listVouchers',
  method: 'GET',
  path: '/recharge/coupon/selectVoucher',
  auth: 'user',
  summary: "The caller's vouchers not yet ended (usable on any charge), in the order charges spend them",
  tag: 'vouchers',
  query: pageQuerySchema,
  data: voucherPage,
});

export const listCoupons = defineEndpoint({
  id: 'listCoupons',
  method: 'GET',
  path: '/recharge/coupon/selectCoupon',
  auth: 'user',
  summary: "The caller's coupons not yet ended (usable on GPU application orders), in the order charges spend them",
  tag: 'vouchers',
  query: pageQuerySchema,
  data: voucherPage,
});

export const listEndedVouchers = defineEndpoint({
  id: 'listEndedVouchers',
  method: 'GET',
  path: '/recharge/coupon/selectOverCoupon',
  auth: 'user',
  summary: "The caller's vouchers and coupons that expired, were spent to nothing or are invalid, latest expiry first",
  tag: 'vouchers',
  query: pageQuerySchema,
  data: voucherPage,
});

export const grantVoucher = defineEndpoint({
  id: 'grantVoucher',
  method: 'POST',
  path: '/admin/finance/vouchers',
  auth: 'user',
  operator: 'finance',
  summary: 'Operators: gives a user (by phone or e-mail) a voucher or coupon, usable from now for a number of days',
  tag: 'admin',
  idempotent: true,
  body: z.object({
    account: accountSchema,
    amount: moneySchema({ decimals: 2, min: 100n, max: 10_000n * 10_000n, message: 'validation.voucherAmount' }),
    kind: VoucherKind.schema,
    name: z.string().trim().min(1).max(40),
    validDays: z.number().int().min(1, { error: 'validation.validDays' }).max(3650, { error: 'validation.validDays' }),
    reason: operatorReasonSchema,
  }),
  data: voucherRowSchema,
});

export const getRechargeReturn = defineEndpoint({
  id: 'getRechargeReturn',
  method: 'GET',
  path: '/recharge/charge/isChargeReturnVoucher',
  auth: 'user',
  summary: 'Whether a recharge now earns a voucher, and for what: each active tier, lowest first',
  tag: 'vouchers',
  data: z.object({
    active: z.boolean(),
    tiers: z.array(z.object({ threshold: moneyTextSchema, voucherAmount: moneyTextSchema, validDays: z.number() })),
  }),
});
