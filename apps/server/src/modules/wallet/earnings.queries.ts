import { money, type Money } from '@suanli/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { queryRows } from '../../db/sql.js';
import type { EarningsType, PlatformAccount } from './accounts.js';
import { ensureAccount } from './ledger.queries.js';
import { ledgerAccounts } from './wallet.tables.js';

/** A partner's accounts that are not spendable: what they earned, and what their withdrawals under review hold. */
export type EarningsAccount = 'earnings' | 'held';

export interface EarningsLeg {
  account: EarningsAccount;
  change: Money;
  type: EarningsType;
  /** The platform account on the other side; none for a leg of a move between the partner's own two accounts. */
  counter: PlatformAccount | null;
}

/**
 * Moves one of a user's earnings accounts and writes its entry in one statement, with the row lock the UPDATE takes;
 * refuses to go below zero (false, nothing moved). A leg without a counter shares `transfer` with the legs it sums to
 * zero with.
 */
async function moveLeg(
  tx: Tx,
  leg: EarningsLeg & { userId: UserId; orderNo: string; at: Date; transfer: bigint | null },
): Promise<boolean> {
  const { userId, account, change, type, counter, orderNo, at, transfer } = leg;
  await ensureAccount(tx, userId, account);
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`WITH moved AS (
          UPDATE ledger_accounts SET balance = balance + ${change}
          WHERE user_id = ${userId} AND kind = ${account} AND balance + ${change} >= 0
          RETURNING id, balance)
        INSERT INTO ledger_entries (account_id, account_kind, user_id, counter_kind, transfer_id, amount, balance_change,
                                    balance_after, order_no, transaction_type, created_at)
        SELECT id, ${account}, ${userId}, ${counter}::text, ${transfer}::bigint, ${change}, ${change}, balance,
               ${orderNo}, ${type}, ${at}::timestamptz
        FROM moved
        RETURNING id::text`,
  );
  return rows.length > 0;
}

/**
 * Applies the legs of one movement of a user's earnings and held accounts, in the caller's transaction: true when all
 * moved, false when one would take an account below zero (the caller rolls back). Earnings before held, the one order
 * every movement locks them in.
 */
export async function moveEarnings(
  tx: Tx,
  movement: { userId: UserId; orderNo: string; at: Date; legs: readonly EarningsLeg[] },
): Promise<boolean> {
  const between = movement.legs.filter((leg) => leg.counter === null);
  if (between.reduce((sum, leg) => sum + leg.change, 0n) !== 0n) {
    throw new RangeError(`a move between a user's accounts must sum to zero (${movement.orderNo})`);
  }
  const transfer =
    between.length > 0
      ? BigInt((await queryRows<{ id: string }>(tx, sql`SELECT nextval('ledger_transfer_ids')::text AS id`))[0]!.id)
      : null;
  const ordered = [...movement.legs].sort((a, b) => (a.account === b.account ? 0 : a.account === 'earnings' ? -1 : 1));
  for (const leg of ordered) {
    if (!(await moveLeg(tx, { ...leg, ...movement, transfer }))) {
      return false;
    }
  }
  return true;
}

/** What the user's earnings and held accounts hold (0 for one not made yet). */
export async function findEarnings(db: Db, userId: UserId): Promise<Record<EarningsAccount, Money>> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, ['earnings', 'held'])));
  const of = (kind: EarningsAccount) => rows.find((row) => row.kind === kind)?.balance ?? money(0n);
  return { earnings: of('earnings'), held: of('held') };
}
