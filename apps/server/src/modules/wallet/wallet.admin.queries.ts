import { money, type Money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';
import { productOf, type RevenueProduct } from './accounts.js';

/**
 * Revenue by product and business day of `timeZone`, in one GROUP BY over the entries whose counter account is a
 * revenue account (a BRIN index on their time finds the range): what the operations console reads, with no sum kept
 * by hand.
 * An operator's query: it reads every user's charges, as the platform's side of them.
 */
export async function revenueByProductAndDay(
  db: Db,
  { from, until, timeZone }: { from: Date; until: Date; timeZone: string },
): Promise<{ day: string; product: RevenueProduct; amount: Money }[]> {
  const rows = await queryRows<{ day: string; kind: string; amount: string }>(
    db,
    sql`SELECT to_char(created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, counter_kind AS kind,
               (-sum(balance_change))::text AS amount
        FROM ledger_entries
        WHERE counter_kind LIKE 'revenue.%' AND created_at >= ${from} AND created_at < ${until}
        GROUP BY 1, 2
        ORDER BY 1, 2`,
  );
  return rows.map((row) => {
    const product = productOf(row.kind);
    if (product === null) {
      throw new TypeError(`${row.kind} is not a revenue account`);
    }
    return { day: row.day, product, amount: money(BigInt(row.amount)) };
  });
}

/**
 * What users paid in through the payment channels in [from, until): their balance entries against a clearing account,
 * as `rechargedTotal` counts one user's.
 */
export async function rechargedBetween(db: Db, { from, until }: { from: Date; until: Date }): Promise<Money> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`SELECT coalesce(sum(balance_change), 0)::text AS total FROM ledger_entries
        WHERE account_kind = 'balance' AND counter_kind LIKE 'clearing.%' AND created_at >= ${from}
          AND created_at < ${until}`,
  );
  return money(BigInt(row?.total ?? '0'));
}

/** The sums of every user's balance and vouchers accounts: what the platform owes them, and what vouchers hold. */
export async function userAccountTotals(db: Db): Promise<{ balance: Money; vouchers: Money }> {
  const [row] = await queryRows<{ balance: string; vouchers: string }>(
    db,
    sql`SELECT coalesce(sum(balance) FILTER (WHERE kind = 'balance'), 0)::text AS balance,
               coalesce(sum(balance) FILTER (WHERE kind = 'vouchers'), 0)::text AS vouchers
        FROM ledger_accounts WHERE user_id IS NOT NULL AND kind IN ('balance', 'vouchers')`,
  );
  return { balance: money(BigInt(row?.balance ?? '0')), vouchers: money(BigInt(row?.vouchers ?? '0')) };
}
