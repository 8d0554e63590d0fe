import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, moneyTextSchema } from '../envelope.js';
import { operatorReasonSchema } from '../validation.js';
import { getRevenue } from './wallet.js';

// The operations console's first page (issue 23): one read per operator area, so that each section is served only
// to the holders of its area; the page shows the sections the operator holds.

export const getUsersDashboard = defineEndpoint({
  id: 'getUsersDashboard',
  method: 'GET',
  path: '/admin/support/dashboard',
  auth: 'user',
  operator: 'support',
  summary: 'Operators: accounts registered and real-name verified today (the business day) and in all',
  tag: 'admin',
  data: z.object({
    /** The business day `YYYY-MM-DD` that "today" means. */
    day: z.string(),
    newToday: z.number().int(),
    verifiedToday: z.number().int(),
    verifiedTotal: z.number().int(),
    total: z.number().int(),
  }),
});

export const getMoneyDashboard = defineEndpoint({
  id: 'getMoneyDashboard',
  method: 'GET',
  path: '/admin/finance/dashboard',
  auth: 'user',
  operator: 'finance',
  summary:
    'Operators: what users recharged today and this month, what the platform owes them (their balances) and what ' +
    "their vouchers hold, and revenue by product and day over the last 30 days, all from the ledger's accounts",
  tag: 'admin',
  data: z.object({
    day: z.string(),
    /** The business month `YYYY-MM`. */
    month: z.string(),
    rechargedToday: moneyTextSchema,
    rechargedThisMonth: moneyTextSchema,
    /** The sum of every user's balance account. */
    owedToUsers: moneyTextSchema,
    /** The sum of every user's vouchers account: granted, not yet spent nor expired. */
    vouchersOutstanding: moneyTextSchema,
    revenue: getRevenue.data,
  }),
});

const gpuCountsSchema = z.object({
  model: z.string(),
  regionId: z.string(),
  regionNameZh: z.string(),
  regionNameEn: z.string(),
  /** Placeable now. */
  free: z.number().int(),
  /** Held by an application. */
  busy: z.number().int(),
  /** Marked broken, or on a broken host. */
  broken: z.number().int(),
  /** Idle on a draining host: nothing new is placed there. */
  draining: z.number().int(),
});

export const getFleetDashboard = defineEndpoint({
  id: 'getFleetDashboard',
  method: 'GET',
  path: '/admin/fleet/dashboard',
  auth: 'user',
  operator: 'fleet',
  summary:
    'Operators: GPUs free, busy, broken and draining per model and region, running applications, and the busy share ' +
    'of the GPUs sampled each hour over the last 24 hours',
  tag: 'admin',
  data: z.object({
    gpus: z.array(gpuCountsSchema),
    runningApplications: z.number().int(),
    /** One sample per hour that has one, oldest first; `hour` is its UTC start (ISO). */
    utilisation: z.array(z.object({ hour: z.string(), busy: z.number().int(), total: z.number().int() })),
  }),
});

const parkedEventSchema = z.object({
  consumer: z.string(),
  eventId: z.string(),
  type: z.string(),
  subject: z.string(),
  /** The handler's error for the event it gave up on; null for an event held behind it (same subject). */
  error: z.string().nullable(),
  heldBehind: z.string().nullable(),
  attempts: z.number().int(),
  parkedAt: z.string(),
});

export const getOperationsDashboard = defineEndpoint({
  id: 'getOperationsDashboard',
  method: 'GET',
  path: '/admin/admin/dashboard',
  auth: 'user',
  operator: 'admin',
  summary:
    "Operators: each scheduled job's last finished period and failing runs, each event consumer's lag (events not " +
    'yet read past) and parked events with their error',
  tag: 'admin',
  data: z.object({
    jobs: z.array(
      z.object({
        job: z.string(),
        lastPeriod: z.string().nullable(),
        lastFinishedAt: z.string().nullable(),
        /** Periods whose last attempt failed, retried on a later tick. */
        failing: z.number().int(),
        lastError: z.string().nullable(),
      }),
    ),
    consumers: z.array(
      z.object({
        name: z.string(),
        lag: z.number().int(),
        parked: z.number().int(),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
      }),
    ),
    parked: z.array(parkedEventSchema),
  }),
});

export const retryParkedEvent = defineEndpoint({
  id: 'retryParkedEvent',
  method: 'POST',
  path: '/admin/admin/dashboard/parked-events/retry',
  auth: 'user',
  operator: 'admin',
  summary:
    'Operators: hands a parked event (one a consumer gave up on) to its consumer again, with the events after it, ' +
    'as `npm run events -- replay` does (404 for an unknown consumer or event, 409 when it is no longer parked)',
  tag: 'admin',
  body: z.object({
    consumer: z
      .string({ error: 'validation.dashboard.consumer' })
      .trim()
      .min(1, { error: 'validation.dashboard.consumer' })
      .max(100, { error: 'validation.dashboard.consumer' }),
    eventId: idTextSchema,
    reason: operatorReasonSchema,
  }),
  data: z.object({ consumer: z.string(), eventId: z.string(), unparked: z.number().int() }),
});
