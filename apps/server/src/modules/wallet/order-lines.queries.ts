import { money, type Money } from '@suanli/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { ledgerEntries } from './wallet.tables.js';

/** What one order was charged in one business day, and what vouchers paid of it. */
export interface OrderDayLine {
  orderNo: string;
  /** `YYYY-MM-DD` in the zone the lines were read in. */
  day: string;
  amount: Money;
  voucherPaid: Money;
}

/**
 * The user's charges under the given orders, summed per order and business day of `timeZone` (an order's bill lines,
 * spec §3): a charge's amount less what moved the balance is what vouchers paid. Refunds count against the day's charges.
 */
export async function orderLinesByDay(
  db: Db,
  userId: UserId,
  { orderNos, timeZone }: { orderNos: readonly string[]; timeZone: string },
): Promise<OrderDayLine[]> {
  if (orderNos.length === 0) {
    return [];
  }
  const day = sql<string>`to_char(${ledgerEntries.createdAt} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      orderNo: ledgerEntries.orderNo,
      day,
      // sum(bigint) is numeric: text keeps every digit on both drivers.
      amount: sql<string>`(-sum(${ledgerEntries.amount}))::text`,
      voucherPaid: sql<string>`(-sum(${ledgerEntries.amount} - ${ledgerEntries.balanceChange}))::text`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        sql`${ledgerEntries.accountKind} = 'balance'`,
        inArray(ledgerEntries.orderNo, [...orderNos]),
      ),
    )
    .groupBy(ledgerEntries.orderNo, sql`2`)
    .orderBy(ledgerEntries.orderNo, sql`2`);
  return rows.map((row) => ({
    orderNo: row.orderNo,
    day: row.day,
    amount: money(BigInt(row.amount)),
    voucherPaid: money(BigInt(row.voucherPaid)),
  }));
}
