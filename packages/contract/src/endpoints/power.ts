import { z } from 'zod';
import { POWER_POINTS } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { moneyTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { PowerPackage, PowerPointEntryKind } from '../enums.js';
import { moneySchema } from '../validation.js';

// Power points (spec §1, §2, §9 "Pricing and power"): 100 a yuan, each issue valid 31 days, spent earliest expiry
// first and only on the API platform. Points are whole numbers; money is yuan text as everywhere else.
const pointsSchema = z.number().int();

const powerPointAmountSchema = moneySchema({
  decimals: 0,
  min: 10_000n,
  max: POWER_POINTS.purchaseMaxUnits,
  message: 'validation.powerPointAmount',
});

const packageMonthsSchema = z
  .number({ error: 'validation.packageMonths' })
  .refine((months) => (POWER_POINTS.packageMonths as readonly number[]).includes(months), {
    error: 'validation.packageMonths',
  });

export const chargeHashrateByBalance = defineEndpoint({
  id: 'chargeHashrateByBalance',
  method: 'POST',
  path: '/recharge/charge/chargeHashrateByBalance',
  auth: 'user',
  summary: 'Buys power points with balance: a whole amount of 1 to 5000 yuan, 100 points a yuan, valid 31 days',
  tag: 'power',
  idempotent: true,
  query: z.object({ amount: powerPointAmountSchema }),
  data: z.object({
    orderNo: z.string(),
    /** What left the balance. */
    amount: moneyTextSchema,
    points: pointsSchema,
    /** When these points expire (ISO 8601). */
    expireTime: z.string(),
    balance: moneyTextSchema,
    pointsBalance: pointsSchema,
  }),
});

export const buyPowerPackage = defineEndpoint({
  id: 'buyPowerPackage',
  method: 'POST',
  path: '/recharge/charge/buyPowerPackage',
  auth: 'user',
  summary: "Buys a power package for 1, 3 or 12 months with balance, paid up front; the first month's points at once",
  tag: 'power',
  idempotent: true,
  body: z.object({ package: PowerPackage.schema, months: packageMonthsSchema }),
  data: z.object({
    orderNo: z.string(),
    package: PowerPackage.schema,
    months: z.number().int(),
    price: moneyTextSchema,
    monthlyPoints: pointsSchema,
    balance: moneyTextSchema,
    pointsBalance: pointsSchema,
    /** When the next month's points are issued; null for a one-month package. */
    nextIssueTime: z.string().nullable(),
  }),
});

const lotSchema = z.object({
  lotId: z.string(),
  /** The purchase or package order that issued it. */
  orderNo: z.string(),
  /** The package it came from; null for points bought with balance. */
  package: PowerPackage.schema.nullable(),
  /** Points issued, and what is left of them. */
  points: pointsSchema,
  remaining: pointsSchema,
  issueTime: z.string(),
  expireTime: z.string(),
});

const historyRowSchema = z.object({
  entryId: z.string(),
  createTime: z.string(),
  kind: PowerPointEntryKind.schema,
  /** Signed: positive when points came in, negative when they were spent or expired. */
  points: pointsSchema,
  /** The purchase or package order, or for API usage the reference of the call that used them. */
  orderNo: z.string(),
  package: PowerPackage.schema.nullable(),
  /** For a package's points: which month of how many. */
  month: z.number().int().nullable(),
  months: z.number().int().nullable(),
});

export const getDealInfoHashrate = defineEndpoint({
  id: 'getDealInfoHashrate',
  method: 'GET',
  path: '/recharge/charge/getDealInfoHashrate',
  auth: 'user',
  summary:
    "The current user's power points: the balance, the unexpired lots soonest expiry first, and a page of the " +
    'points history (purchases, monthly issues, API usage, expiries), newest first',
  tag: 'power',
  query: pageQuerySchema,
  data: pageSchema(historyRowSchema).extend({
    pointsBalance: pointsSchema,
    lots: z.array(lotSchema).max(POWER_POINTS.lotsListed),
  }),
});

export const listPowerPackages = defineEndpoint({
  id: 'listPowerPackages',
  method: 'GET',
  path: '/recharge/charge/getPowerPackages',
  auth: 'none',
  summary: 'The power packages on sale: monthly price and points, and the price of 1, 3 and 12 months with discount',
  tag: 'power',
  data: z.object({
    packages: z.array(
      z.object({
        package: PowerPackage.schema,
        monthlyPrice: moneyTextSchema,
        monthlyPoints: pointsSchema,
        terms: z.array(
          z.object({
            months: z.number().int(),
            /** The discount on the monthly price times the months, in basis points (9500 = 95 %). */
            discountBasisPoints: z.number().int(),
            /** The monthly price times the months, and what is paid after the discount. */
            originalPrice: moneyTextSchema,
            price: moneyTextSchema,
          }),
        ),
      }),
    ),
  }),
});

export const listMyPowerPackages = defineEndpoint({
  id: 'listMyPowerPackages',
  method: 'GET',
  path: '/recharge/charge/getMyPowerPackages',
  auth: 'user',
  summary: "The current user's packages still running, the newest first, with their next issue and months left",
  tag: 'power',
  data: z.object({
    rows: z.array(
      z.object({
        orderNo: z.string(),
        package: PowerPackage.schema,
        months: z.number().int(),
        monthlyPoints: pointsSchema,
        price: moneyTextSchema,
        purchaseTime: z.string(),
        /** Months whose points were issued, and months still to come. */
        monthsIssued: z.number().int(),
        monthsLeft: z.number().int(),
        /** Null once every month is issued. */
        nextIssueTime: z.string().nullable(),
        endTime: z.string(),
      }),
    ),
  }),
});
