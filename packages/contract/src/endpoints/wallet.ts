import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { moneyTextSchema, pageQuerySchema, pageSchema, unitPriceTextSchema } from '../envelope.js';
import { dateSchema, withDateRange } from '../dates.js';
import { TransactionDirection, TransactionType } from '../enums.js';
import { accountSchema, transferAmountSchema } from '../validation.js';

export const getBalance = defineEndpoint({
  id: 'getBalance',
  method: 'GET',
  path: '/recharge/order-info/selectBalance',
  auth: 'user',
  summary: "The current user's balance and what their usable vouchers hold",
  tag: 'wallet',
  data: z.object({ balance: moneyTextSchema, voucher: moneyTextSchema }),
});

export const findTransferTarget = defineEndpoint({
  id: 'findTransferTarget',
  method: 'GET',
  path: '/recharge/transfer/target',
  auth: 'user',
  summary: 'Looks up who a transfer would go to (phone or e-mail), answering their masked nickname to confirm',
  tag: 'wallet',
  // Each answer says whether an account exists: slow enough that nobody lists the users through it.
  rateLimitPerMinute: 20,
  query: z.object({ username: accountSchema }),
  data: z.object({ nickName: z.string() }),
});

export const transfer = defineEndpoint({
  id: 'transfer',
  method: 'POST',
  path: '/recharge/transfer',
  auth: 'user',
  summary: 'Transfers balance to another user (0.01 to 999,999.99 yuan, not above the balance)',
  tag: 'wallet',
  idempotent: true,
  body: z.object({ username: accountSchema, amount: transferAmountSchema }),
  data: z.object({ orderNo: z.string(), balance: moneyTextSchema }),
});

const ledgerRowSchema = z.object({
  entryId: z.string(),
  orderNo: z.string(),
  createTime: z.string(),
  direction: TransactionDirection.schema,
  transactionType: TransactionType.schema,
  /** The transaction's amount, unsigned; `direction` says which way it went. */
  amount: moneyTextSchema,
  /** What moved the balance: the amount less what vouchers paid. */
  actualAmount: moneyTextSchema,
  balance: moneyTextSchema,
});

export const listLedger = defineEndpoint({
  id: 'listLedger',
  method: 'GET',
  path: '/recharge/order-info/selectIncomeExpense',
  auth: 'user',
  summary:
    "The current user's income and expense (the ledger), newest first, filtered by direction, type, dates and order",
  tag: 'wallet',
  query: withDateRange(
    pageQuerySchema.extend({
      direction: TransactionDirection.schema.optional(),
      transactionType: TransactionType.schema.optional(),
      startDate: dateSchema.optional(),
      endDate: dateSchema.optional(),
      /** One order's entries: an application's bill lines are the entries of its order number. */
      orderNo: z.string().trim().min(1).max(64).optional(),
    }),
  ),
  data: pageSchema(ledgerRowSchema),
});

const granularitySchema = z.enum(['day', 'month']);

const incomeExpenseBucketSchema = z.object({
  /** A business day `YYYY-MM-DD` or month `YYYY-MM` (TZ_BUSINESS). */
  period: z.string(),
  /** Sums of the ledger's transaction amounts (its amount column), each unsigned. */
  income: moneyTextSchema,
  expense: moneyTextSchema,
});

export const getIncomeExpenseSummary = defineEndpoint({
  id: 'getIncomeExpenseSummary',
  method: 'GET',
  path: '/recharge/order-info/incomeExpenseSummary',
  auth: 'user',
  summary:
    "The current user's income and expense summed by business day or month, every period of the range present " +
    `(the last ${LIMITS.incomeExpenseDefaultDays} days, or ${LIMITS.incomeExpenseDefaultMonths} months, unless ` +
    `dates are given; at most ${LIMITS.incomeExpenseMaxDays} days or ${LIMITS.incomeExpenseMaxMonths} months), ` +
    'filtered as the ledger list is',
  tag: 'wallet',
  query: withDateRange(
    z.object({
      granularity: granularitySchema.default('day'),
      direction: TransactionDirection.schema.optional(),
      transactionType: TransactionType.schema.optional(),
      startDate: dateSchema.optional(),
      endDate: dateSchema.optional(),
    }),
  ),
  data: z.object({
    granularity: granularitySchema,
    /** The days the buckets cover, both included: the dates asked for, or the default range ending today. */
    startDate: z.string(),
    endDate: z.string(),
    buckets: z.array(incomeExpenseBucketSchema),
  }),
});

/** The products the platform keeps revenue by (its ledger's revenue accounts). */
export const RevenueProduct = z.enum(['gpu', 'disk', 'cloudSpace', 'image', 'api', 'power']);

export const getRevenue = defineEndpoint({
  id: 'getRevenue',
  method: 'GET',
  path: '/admin/finance/revenue',
  auth: 'user',
  operator: 'finance',
  summary:
    "Operators: revenue by product and business day, read from the ledger's revenue accounts (what users paid for " +
    `each product, vouchers included): the last ${LIMITS.incomeExpenseDefaultDays} days unless dates are given, at ` +
    `most ${LIMITS.incomeExpenseMaxDays}`,
  tag: 'admin',
  query: withDateRange(z.object({ startDate: dateSchema.optional(), endDate: dateSchema.optional() })),
  data: z.object({
    /** The days covered, both included. */
    startDate: z.string(),
    endDate: z.string(),
    /** One row per product and day that earned something, by day then product. */
    rows: z.array(z.object({ day: z.string(), product: RevenueProduct, amount: moneyTextSchema })),
  }),
});

export const getLedgerCheck = defineEndpoint({
  id: 'getLedgerCheck',
  method: 'GET',
  path: '/admin/finance/ledger-check',
  auth: 'user',
  operator: 'finance',
  summary:
    'Operators: the ledger check (`npm run ledger:check`) run now: every account that fails it, none when the ledger ' +
    'is whole',
  tag: 'admin',
  data: z.object({
    accounts: z.number().int(),
    transfers: z.number().int(),
    findings: z.array(
      z.object({
        /** account: balance not the sum of its entries; transfer: entries not summing to zero; negative; vouchers. */
        kind: z.enum(['account', 'transfer', 'negative', 'vouchers']),
        userId: z.string().nullable(),
        accountId: z.string().nullable(),
        accountKind: z.string().nullable(),
        transferId: z.string().nullable(),
        /** What the account holds (or the transfer sums to), to the unit (four decimals). */
        balance: unitPriceTextSchema,
        /** What it should hold: its entries' sum, its vouchers' total, zero. */
        expected: unitPriceTextSchema,
        brokenEntries: z.number().int(),
      }),
    ),
  }),
});
