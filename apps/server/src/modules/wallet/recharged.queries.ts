import { money, type Money } from '@suanli/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { ledgerEntries } from './wallet.tables.js';

/**
 * What the user paid in through the payment channels: the changes of their balance account against a clearing
 * account (a recharge's other side). Refunds, redeem codes, gifts, transfers and vouchers move other accounts, so they
 * never count; money sent back through a channel would be a negative entry against it and take its part back.
 */
export async function rechargedTotal(db: Db, userId: UserId): Promise<Money> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.balanceChange}), 0)::text` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        sql`${ledgerEntries.accountKind} = 'balance'`,
        like(ledgerEntries.counterKind, 'clearing.%'),
      ),
    );
  return money(BigInt(row?.total ?? '0'));
}
