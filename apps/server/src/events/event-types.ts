import { z } from 'zod';

// Ids and amounts travel as decimal text: JSON has no bigint, and a float must never hold money (ARCHITECTURE §4).
const id = z.string().regex(/^[1-9]\d*$/);
const units = z.string().regex(/^-?\d+$/);
const application = { userId: id, applicationId: id, appName: z.string() };

/**
 * Every domain event's type and the zod schema of its payload, in one place (docs/decisions/0022). A writer's payload
 * is checked against it before it is written and a consumer's event is parsed with it, so writer and consumer agree
 * without either importing the other's module. Add a type here with the module that writes it; never change a
 * payload's meaning in place: events already written keep the old one (add a field, or a new type).
 */
export const EVENT_TYPES = {
  /** A user registered; `inviterId` is who invited them, when they came with a known invitation code. */
  'user.registered': z.object({ userId: id, inviterId: id.nullable() }),
  /** A user's application was accepted (and, when prepaid, paid): invite rewards count a friend's first. */
  'application.created': z.object({ ...application, imageId: id }),
  /** A payment order was credited to its user's balance (`amount` in units), once per order. */
  'recharge.credited': z.object({ userId: id, orderNo: z.string(), amount: units }),
  /** What a user can spend fell below an hour (`hour`) or ten minutes (`tenMinutes`) of their running applications. */
  'balance.low': z.object({ userId: id, level: z.enum(['hour', 'tenMinutes']), spendable: units }),
  /** The platform (not its user) stopped an application: for want of funds, at expiry, or at its timed shutdown. */
  'application.stopped': z.object({
    ...application,
    reason: z.enum(['insufficientBalance', 'expired', 'timedShutdown']),
  }),
  /**
   * What users' balances paid for charges (vouchers' part excluded) since the last such event: what VIP growth counts.
   * The wallet publishes it each minute for the users it counted (subject `consumption:<first user id>`).
   */
  'consumption.posted': z.object({ consumptions: z.array(z.object({ userId: id, units })).min(1) }),
  /**
   * Minutes of GPU time paid for applications, each with the image it runs (what creator income counts): one event per
   * billing transaction that paid any (subject `gpuTime:<first application id>`).
   */
  'gpuTime.billed': z.object({
    usages: z.array(z.object({ userId: id, applicationId: id, imageId: id, minutes: units })).min(1),
  }),
  /** The 0:00 settlement could not charge an application's data disk: `arrears` is what it owes. */
  'disk.arrears': z.object({ ...application, arrears: units }),
  /** Still unpaid at the next settlement: the application and its disk are destroyed. */
  'disk.cleared': z.object({ ...application, arrears: units }),
  /**
   * A user's cloud space is to be wiped on `wipeDay` (business day) for arrears above 50 yuan (`arrears` owed) or
   * three months without login, unless a recharge or a login comes first.
   */
  'cloudSpace.wipeScheduled': z.object({
    userId: id,
    reason: z.enum(['arrears', 'inactive']),
    wipeDay: z.string(),
    arrears: units,
  }),
  /** A user's cloud space was wiped: its files' objects deleted and its entries removed (`bytes` in all). */
  'cloudSpace.wiped': z.object({ userId: id, reason: z.enum(['arrears', 'inactive']), bytes: units }),
} as const;

export type EventType = keyof typeof EVENT_TYPES;
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_TYPES)[T]>;

export const isEventType = (type: string): type is EventType => Object.hasOwn(EVENT_TYPES, type);
