import { money, type Money, type TransactionType } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { asUserId, type UserId } from '../../db/ids.js';
import { idSet, queryPrepared } from '../../db/sql.js';
import { chargedTo } from './accounts.js';
import { usable } from './vouchers.queries.js';
import { vouchers } from './vouchers.tables.js';

export interface LockedWallet {
  id: bigint;
  userId: UserId;
  balance: Money;
  vouchersUntil: Date | null;
}

/**
 * The users' wallets, locked in user-id order (the order every posting locks wallets in, so batches never deadlock),
 * after their vouchers usable at `now`: a single charge locks its vouchers before its wallet, and so must a batch, or
 * the two could wait on each other in a cycle. One statement: the vouchers' CTE runs as the wallets' one-time filter,
 * before the first wallet is locked.
 */
export async function lockWallets(tx: Tx, userIds: readonly UserId[], now: Date): Promise<LockedWallet[]> {
  const rows = await queryPrepared<{
    id: string;
    user_id: string;
    balance: string;
    vouchers_until: Date | string | null;
  }>(
    tx,
    'wallet_lock_many',
    sql`WITH usable_vouchers AS MATERIALIZED (
          SELECT ${vouchers.id} FROM ${vouchers}
          WHERE ${vouchers.userId} IN ${idSet(userIds)} AND ${usable(now)}
          ORDER BY ${vouchers.userId}, ${vouchers.expiresAt}, ${vouchers.id} FOR UPDATE)
        SELECT id, user_id, balance, vouchers_until FROM ledger_accounts
        WHERE user_id IN ${idSet(userIds)} AND kind = 'balance' AND (SELECT count(*) FROM usable_vouchers) >= 0
        ORDER BY user_id FOR UPDATE`,
  );
  return rows.map((row) => ({
    id: BigInt(row.id),
    userId: asUserId(BigInt(row.user_id)),
    balance: money(BigInt(row.balance)),
    vouchersUntil: row.vouchers_until === null ? null : new Date(row.vouchers_until),
  }));
}

export interface BatchEntry {
  walletId: bigint;
  userId: UserId;
  orderNo: string;
  transactionType: TransactionType;
  /** The charge, positive; the entry records it as an expense the balance paid whole. */
  amount: Money;
  balanceAfter: Money;
}

/**
 * Writes the entries in the order given (their ids, by which the ledger check chains them, follow it), each a transfer
 * from the owner's balance to the revenue account of its type, and moves each balance account by what its entries
 * took, counting it towards VIP growth (consumption.ts). The balance accounts must be locked (lockWallets).
 */
export async function postBatch(tx: Tx, entries: readonly BatchEntry[], at: Date): Promise<void> {
  const totals = new Map<UserId, Money>();
  for (const entry of entries) {
    totals.set(entry.userId, money((totals.get(entry.userId) ?? 0n) + entry.amount));
  }
  // Bigints as text, which jsonb_to_recordset reads into its bigint columns.
  const rows = entries.map((entry, n) => ({
    n,
    account_id: String(entry.walletId),
    user_id: String(entry.userId),
    counter_kind: chargedTo(entry.transactionType, entry.orderNo),
    order_no: entry.orderNo,
    transaction_type: entry.transactionType,
    amount: String(entry.amount),
    balance_after: String(entry.balanceAfter),
  }));
  const moves = [...totals].map(([userId, total]) => ({ user_id: String(userId), total: String(total) }));
  await queryPrepared(
    tx,
    'wallet_post_batch',
    sql`WITH entry AS (
          INSERT INTO ledger_entries (account_id, account_kind, user_id, counter_kind, order_no, transaction_type,
                                      amount, balance_change, balance_after, created_at)
          SELECT account_id, 'balance', user_id, counter_kind, order_no, transaction_type, -amount, -amount,
                 balance_after, ${at}
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS e (n int, account_id bigint, user_id bigint, counter_kind text, order_no text, transaction_type text,
                  amount bigint, balance_after bigint)
          ORDER BY n),
        changed AS (
          UPDATE ledger_accounts a
          SET balance = a.balance - m.total, unpublished_consumption = a.unpublished_consumption + m.total
          FROM jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) AS m (user_id bigint, total bigint)
          WHERE a.user_id = m.user_id AND a.kind = 'balance')
        SELECT 1`,
  );
}
