import { money, type Money, type TransactionType } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { asUserId, type UserId } from '../../db/ids.js';
import { idSet, queryPrepared } from '../../db/sql.js';
import { chargedTo, type PlatformAccount } from './accounts.js';
import { batchConsumed } from './consumption.js';
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
 * Posts the entries as one transfer: each user's entries in the order given (their ids, by which the ledger check
 * chains them, follow it), each balance account moved by what its entries took, and on the other side one entry per
 * platform account for the sum of the charges it was paid; with one 'consumption.posted' event for every owner. The
 * balance accounts must be locked (lockWallets).
 */
export async function postBatch(tx: Tx, entries: readonly BatchEntry[], at: Date): Promise<void> {
  const totals = new Map<UserId, Money>();
  const revenue = new Map<string, { kind: PlatformAccount; type: TransactionType; total: Money }>();
  for (const entry of entries) {
    totals.set(entry.userId, money((totals.get(entry.userId) ?? 0n) + entry.amount));
    const kind = chargedTo(entry.transactionType, entry.orderNo);
    const key = `${kind} ${entry.transactionType}`;
    const earned = revenue.get(key) ?? { kind, type: entry.transactionType, total: money(0n) };
    revenue.set(key, { ...earned, total: money(earned.total + entry.amount) });
  }
  // Bigints as text, which jsonb_to_recordset reads into its bigint columns.
  const rows = entries.map((entry, n) => ({
    n,
    account_id: String(entry.walletId),
    user_id: String(entry.userId),
    order_no: entry.orderNo,
    transaction_type: entry.transactionType,
    amount: String(entry.amount),
    balance_after: String(entry.balanceAfter),
  }));
  const moves = [...totals].map(([userId, total]) => ({ user_id: String(userId), total: String(total) }));
  const earned = [...revenue.values()].map(({ kind, type, total }) => ({ kind, type, total: String(total) }));
  await queryPrepared(
    tx,
    'wallet_post_batch',
    sql`WITH transfer AS (SELECT nextval('ledger_transfer_ids') AS id),
        entry AS (
          INSERT INTO ledger_entries (account_id, account_kind, transfer_id, user_id, order_no, transaction_type,
                                      amount, balance_change, balance_after, created_at)
          SELECT account_id, 'balance', (SELECT id FROM transfer), user_id, order_no, transaction_type, -amount,
                 -amount, balance_after, ${at}
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS e (n int, account_id bigint, user_id bigint, order_no text, transaction_type text, amount bigint,
                  balance_after bigint)
          ORDER BY n),
        earned AS (
          INSERT INTO ledger_entries (account_id, account_kind, transfer_id, user_id, order_no, transaction_type,
                                      amount, balance_change, balance_after, created_at)
          SELECT a.id, a.kind, (SELECT id FROM transfer), NULL, 'transfer:' || (SELECT id FROM transfer),
                 r.type, r.total, r.total, NULL, ${at}
          FROM jsonb_to_recordset(${JSON.stringify(earned)}::jsonb) AS r (kind text, type text, total bigint)
          JOIN ledger_accounts a ON a.user_id IS NULL AND a.kind = r.kind),
        changed AS (
          UPDATE ledger_accounts a SET balance = a.balance - m.total
          FROM jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) AS m (user_id bigint, total bigint)
          WHERE a.user_id = m.user_id AND a.kind = 'balance'
          RETURNING a.user_id, m.total),
        consumed AS (${batchConsumed(at)})
        SELECT 1`,
  );
}
