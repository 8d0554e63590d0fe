import { money, type Money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { queryRows } from '../../db/sql.js';

export interface OrderSpend {
  voucherId: bigint;
  /** What this voucher paid of the order. */
  amount: Money;
}

/**
 * The vouchers that paid an order, latest spend first, locked (vouchers before the wallet, as every charge takes
 * them), and what the order was charged in all.
 */
export async function lockOrderPayments(tx: Tx, { userId, orderNo }: { userId: UserId; orderNo: string }) {
  const spends = await queryRows<{ voucher_id: string; amount: string }>(
    tx,
    sql`SELECT s.voucher_id, sum(s.amount)::text AS amount
        FROM voucher_spends s JOIN vouchers v ON v.id = s.voucher_id
        WHERE s.user_id = ${userId} AND s.order_no = ${orderNo}
        GROUP BY s.voucher_id ORDER BY max(s.id) DESC`,
  );
  if (spends.length > 0) {
    await queryRows(
      tx,
      sql`SELECT id FROM vouchers WHERE id IN (${sql.join(
        spends.map((spend) => sql`${spend.voucher_id}`),
        sql`, `,
      )}) ORDER BY expires_at, id FOR UPDATE`,
    );
  }
  const [charged] = await queryRows<{ total: string }>(
    tx,
    sql`SELECT coalesce(-sum(amount), 0)::text AS total FROM ledger_entries
        WHERE user_id = ${userId} AND account_kind = 'balance' AND order_no = ${orderNo}
          AND transaction_type = 'appOrder'`,
  );
  return {
    spends: spends.map((spend): OrderSpend => ({
      voucherId: BigInt(spend.voucher_id),
      amount: money(BigInt(spend.amount)),
    })),
    charged: money(BigInt(charged!.total)),
  };
}

/**
 * Gives a voucher back part of what it paid; one spent to nothing is usable again until it expires. Answers its expiry,
 * and whether it has ended (expired and marked), so that what it got back ends with it.
 */
export async function restoreVoucher(tx: Tx, { id, amount, now }: { id: bigint; amount: Money; now: Date }) {
  const [row] = await queryRows<{ expires_at: Date | string; ended: boolean }>(
    tx,
    sql`UPDATE vouchers SET balance = balance + ${amount},
          status = CASE WHEN status = 'invalid' AND expires_at > ${now} THEN 'normal' ELSE status END
        WHERE id = ${id} RETURNING expires_at, status = 'invalid' AS ended`,
  );
  return { until: new Date(row!.expires_at), ended: row!.ended };
}
