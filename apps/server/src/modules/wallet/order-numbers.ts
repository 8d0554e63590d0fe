import { randomInt } from 'node:crypto';

// Beijing time, which is what a user reads an order number against.
const UTC_OFFSET_MS = 8 * 60 * 60_000;

/**
 * An order number a person can read out to support: a letter for its kind (T transfer, R recharge), the time to the
 * second and six random digits, e.g. T20261123183005123456. Where it must be unique, a unique index says so.
 */
export function newOrderNo(kind: 'T' | 'R', at: Date): string {
  const stamp = new Date(at.getTime() + UTC_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${kind}${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}
