import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, moneyTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { moneySchema, operatorReasonSchema, phoneSchema } from '../validation.js';

/** A business month, `YYYY-MM`; omitted, the current one. */
const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.partners.invalidMonth' });

/** Whether the user is a partner (the KOL and creator programme, decision 0031). */
export const PartnerStatus = z.enum(['none', 'active', 'revoked']);
export const WithdrawalStatus = z.enum(['submitted', 'completed', 'rejected']);
export const WithdrawalInvoice = z.enum(['vatGeneral', 'vatSpecial']);

const agreementSchema = z
  .boolean({ error: 'validation.partners.agreementRequired' })
  .refine((accepted) => accepted, { error: 'validation.partners.agreementRequired' });

/**
 * A withdrawal request (spec §5, §9): the amount in yuan with two decimals (at least 50, checked with the rest of the
 * rules by the server) and the kind of VAT invoice the payee gives (6 % fee with a general one, none with a special
 * one). Omitted, the call only sets the payment account.
 */
const withdrawalFields = {
  amount: moneySchema({
    decimals: 2,
    min: 1n,
    max: 10n ** 14n,
    message: 'validation.partners.withdrawalAmount',
  }).optional(),
  invoiceType: WithdrawalInvoice.default('vatGeneral'),
  agreementAccepted: agreementSchema,
};

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

export const insertPersonWithdraw = defineEndpoint({
  id: 'insertPersonWithdraw',
  method: 'POST',
  path: '/recharge/blogger/insertPersonWithdraw',
  auth: 'user',
  summary:
    'Partners: sets a personal payment account (name, ID number, Alipay phone) accepting the partner agreement, and ' +
    'with an amount requests a withdrawal to it',
  tag: 'partners',
  idempotent: true,
  body: z.object({
    name: text('validation.partners.payeeName', 40),
    idNumber: z
      .string({ error: 'validation.idCardRequired' })
      .trim()
      .toUpperCase()
      .regex(/^\d{17}[\dX]$/, { error: 'validation.idCard' }),
    alipayPhone: phoneSchema,
    ...withdrawalFields,
  }),
  data: z.object({ withdrawalId: z.string().nullable() }),
});

export const insertCompanyWithdraw = defineEndpoint({
  id: 'insertCompanyWithdraw',
  method: 'POST',
  path: '/recharge/blogger/insertCompanyWithdraw',
  auth: 'user',
  summary:
    'Partners: sets a company payment account (company name, card number, opening bank) accepting the partner ' +
    'agreement, and with an amount requests a withdrawal to it',
  tag: 'partners',
  idempotent: true,
  body: z.object({
    companyName: text('validation.partners.companyName', 80),
    cardNumber: z
      .string({ error: 'validation.partners.cardNumber' })
      .trim()
      .regex(/^\d{8,30}$/, { error: 'validation.partners.cardNumber' }),
    openingBank: text('validation.partners.openingBank', 80),
    ...withdrawalFields,
  }),
  data: z.object({ withdrawalId: z.string().nullable() }),
});

export const selectPromotionChannel = defineEndpoint({
  id: 'selectPromotionChannel',
  method: 'GET',
  path: '/recharge/blogger/selectPromotionChannel',
  auth: 'user',
  summary: "The partner's status, promotion channel (their invitation code and link path) and KOL income ratio",
  tag: 'partners',
  data: z.object({
    status: PartnerStatus,
    verified: z.boolean(),
    invitationCode: z.string(),
    /** The console path a visitor opens; the client puts its own origin before it. */
    linkPath: z.string(),
    /** Percent of the invited users' recharges, text ("10"). */
    incomeRatio: z.string(),
  }),
});

export const getBloggerAmount = defineEndpoint({
  id: 'getBloggerAmount',
  method: 'GET',
  path: '/recharge/blogger/getBloggerAmount',
  auth: 'user',
  summary: "A month's KOL data: the invited users' recharge total, the income ratio and income, each user's orders",
  tag: 'partners',
  query: z.object({ month: monthSchema.optional() }),
  data: z.object({
    month: z.string(),
    rechargeTotal: moneyTextSchema,
    incomeRatio: z.string(),
    income: moneyTextSchema,
    users: z.array(
      z.object({
        nickName: z.string(),
        registerTime: z.string(),
        orders: z.array(
          z.object({ orderNo: z.string(), amount: moneyTextSchema, income: moneyTextSchema, time: z.string() }),
        ),
      }),
    ),
  }),
});

export const getBloggerImageAmount = defineEndpoint({
  id: 'getBloggerImageAmount',
  method: 'GET',
  path: '/recharge/blogger/getBloggerImageAmount',
  auth: 'user',
  summary: "A month's creator income per community image: usage minutes, price per hour, the platform's share, net",
  tag: 'partners',
  query: z.object({ month: monthSchema.optional() }),
  data: z.object({
    month: z.string(),
    platformShare: z.string(),
    income: moneyTextSchema,
    images: z.array(
      z.object({
        imageId: z.string(),
        name: z.string(),
        minutes: z.number().int(),
        pricePerHour: moneyTextSchema,
        income: moneyTextSchema,
      }),
    ),
  }),
});

export const getBloggerAmountFormerly = defineEndpoint({
  id: 'getBloggerAmountFormerly',
  method: 'GET',
  path: '/recharge/blogger/getBloggerAmountFormerly',
  auth: 'user',
  summary:
    "The partner's earnings: in all, withdrawable (reviewed), in review (this and, until the 7th, last month's), " +
    'held by withdrawals under review, and the rules they are withdrawn by',
  tag: 'partners',
  data: z.object({
    earnings: moneyTextSchema,
    withdrawable: moneyTextSchema,
    inReview: moneyTextSchema,
    held: moneyTextSchema,
    minimum: moneyTextSchema,
    threshold: moneyTextSchema,
    /** Percent fee per invoice kind, text ("6"). */
    feeRates: z.object({ vatGeneral: z.string(), vatSpecial: z.string() }),
  }),
});

export const getPersonWithdraw = defineEndpoint({
  id: 'getPersonWithdraw',
  method: 'GET',
  path: '/recharge/blogger/getPersonWithdraw',
  auth: 'user',
  summary: "The partner's own payment account, as they set it (a withdrawal sends it again), null when none is set",
  tag: 'partners',
  data: z
    .object({
      kind: z.enum(['personal', 'company']),
      name: z.string().nullable(),
      idNumber: z.string().nullable(),
      alipayPhone: z.string().nullable(),
      companyName: z.string().nullable(),
      cardNumber: z.string().nullable(),
      openingBank: z.string().nullable(),
      agreedAt: z.string(),
    })
    .nullable(),
});

const withdrawalRow = z.object({
  id: z.string(),
  applyTime: z.string(),
  amount: moneyTextSchema,
  fee: moneyTextSchema,
  payout: moneyTextSchema,
  invoiceType: WithdrawalInvoice,
  status: WithdrawalStatus,
  payee: z.enum(['personal', 'company']),
  payeeName: z.string(),
  rejectNote: z.string().nullable(),
});

export const getWithdrawApplyList = defineEndpoint({
  id: 'getWithdrawApplyList',
  method: 'GET',
  path: '/recharge/blogger/getWithdrawApplyList',
  auth: 'user',
  summary: "The partner's withdrawals, newest first",
  tag: 'partners',
  query: pageQuerySchema,
  data: pageSchema(withdrawalRow),
});

export const apiUserSign = defineEndpoint({
  id: 'apiUserSign',
  method: 'POST',
  path: '/recharge/ApiUserSign/apiUserSign',
  auth: 'user',
  summary: "Signs the API user contract with the name and ID number of the user's real-name identity",
  tag: 'partners',
  body: z.object({
    name: text('validation.realNameRequired', 40),
    idNumber: z
      .string({ error: 'validation.idCardRequired' })
      .trim()
      .toUpperCase()
      .regex(/^\d{17}[\dX]$/, { error: 'validation.idCard' }),
  }),
  data: z.object({ signedAt: z.string() }),
});

export const apiUserSignContract = defineEndpoint({
  id: 'apiUserSignContract',
  method: 'GET',
  path: '/recharge/ApiUserSign/apiUserSignContract',
  auth: 'user',
  summary: 'The API user contract in the caller’s language, and when the user signed it (null: not yet)',
  tag: 'partners',
  data: z.object({ title: z.string(), content: z.string(), signedAt: z.string().nullable() }),
});

/** Whether a partner may earn: qualified (active) or revoked for abuse. */
export const PARTNER_QUALIFICATIONS = ['active', 'revoked'] as const;

export const listPartners = defineEndpoint({
  id: 'listPartners',
  method: 'GET',
  path: '/admin/review/partners',
  auth: 'user',
  operator: 'review',
  summary:
    'Operators: the partners of the KOL and creator programme, who joined by accepting its agreement, latest first, ' +
    'filtered by qualification, with their KOL ratio, how many users they invited, and why a revoked one was revoked',
  tag: 'admin',
  query: pageQuerySchema.extend({
    status: z.enum(PARTNER_QUALIFICATIONS, { error: 'validation.partners.qualification' }).optional(),
  }),
  data: pageSchema(
    z.object({
      userId: z.string(),
      joinedAt: z.string(),
      status: z.enum(PARTNER_QUALIFICATIONS),
      kolRatioBasisPoints: z.number().int(),
      invitees: z.number().int(),
      revokedAt: z.string().nullable(),
      revokedReason: z.string().nullable(),
    }),
  ),
});

export const revokePartner = defineEndpoint({
  id: 'revokePartner',
  method: 'POST',
  path: '/admin/review/partners/:userId/revoke',
  auth: 'user',
  operator: 'review',
  summary: "Operators: revokes a partner's qualification for abuse (no KOL or creator income accrues meanwhile)",
  tag: 'admin',
  params: z.object({ userId: idTextSchema }),
  body: z.object({ reason: operatorReasonSchema }),
  data: z.object({ status: PartnerStatus }),
});

export const restorePartner = defineEndpoint({
  id: 'restorePartner',
  method: 'POST',
  path: '/admin/review/partners/:userId/restore',
  auth: 'user',
  operator: 'review',
  summary: "Operators: restores a revoked partner's qualification",
  tag: 'admin',
  params: z.object({ userId: idTextSchema }),
  body: z.object({ reason: operatorReasonSchema }),
  data: z.object({ status: PartnerStatus }),
});

export const listWithdrawals = defineEndpoint({
  id: 'listWithdrawals',
  method: 'GET',
  path: '/admin/finance/withdrawals',
  auth: 'user',
  operator: 'finance',
  summary: 'Operators: partners’ withdrawals in a status (submitted unless told), oldest first, with the payee, paged',
  tag: 'admin',
  query: pageQuerySchema.extend({ status: WithdrawalStatus.default('submitted') }),
  data: pageSchema(withdrawalRow.extend({ userId: z.string() })),
});

export const decideWithdrawal = defineEndpoint({
  id: 'decideWithdrawal',
  method: 'POST',
  path: '/admin/finance/withdrawals/:id',
  auth: 'user',
  operator: 'finance',
  summary:
    'Operators: completes a submitted withdrawal (paid out, the fee to the platform) or rejects it with a note (the ' +
    'held amount returns to the earnings)',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: z.object({
    decision: z.enum(['complete', 'reject']),
    note: z.string().trim().max(200).optional(),
    reason: operatorReasonSchema,
  }),
  data: z.object({ id: z.string(), status: WithdrawalStatus }),
});
