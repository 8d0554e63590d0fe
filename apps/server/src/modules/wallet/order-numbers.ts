import { randomInt } from 'node:crypto';
import { wallClock } from '../../jobs/business-time.js';

const pad = (value: number) => String(value).padStart(2, '0');

/** T transfer, R recharge, D redeem code, P power points or a power package, A an application's rental. */
export type OrderKind = 'T' | 'R' | 'D' | 'P' | 'A';

/**
 * An order number a person can read out to support: a letter for its kind, the business
 * time (TZ_BUSINESS) to the second and six random digits, e.g. T20261123183005123456. Where it must be unique, a
 * unique index says so.
 */
export function newOrderNo(kind: OrderKind, at: Date, timeZone: string): string {
  const { year, month, day, hour, minute, second } = wallClock(at, timeZone);
  const stamp = `${year}${pad(month)}${pad(day)}${pad(hour)}${pad(minute)}${pad(second)}`;
  return `${kind}${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}
