import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';
import { wallClock } from '../../jobs/business-time.js';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * T transfer, R recharge, D redeem code, P power points or a power package, A an application's rental, M a user's image
 * storage, W a partner's withdrawal, F a refund of a recharge.
 */
export type OrderKind = 'T' | 'R' | 'D' | 'P' | 'A' | 'M' | 'W' | 'F';

/**
 * An order number a person can read out to support: a letter for its kind, the business time (TZ_BUSINESS) to the
 * second and the last six digits of the order_numbers sequence (migration 0031), e.g. T20261123183005000123. Two
 * orders of the same second never share a number, whichever instance makes them, short of a million in that second.
 */
export async function newOrderNo(
  executor: Db,
  { kind, at, timeZone }: { kind: OrderKind; at: Date; timeZone: string },
): Promise<string> {
  const { year, month, day, hour, minute, second } = wallClock(at, timeZone);
  const stamp = `${year}${pad(month)}${pad(day)}${pad(hour)}${pad(minute)}${pad(second)}`;
  const [row] = await queryRows<{ serial: string }>(
    executor,
    sql`SELECT (nextval('order_numbers') % 1000000)::text AS serial`,
  );
  return `${kind}${stamp}${row!.serial.padStart(6, '0')}`;
}
