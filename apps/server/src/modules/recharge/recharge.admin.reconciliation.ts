import { formatMoney, money, type EndpointInput, type recharge as contract } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import { paged } from '../../db/paging.js';
import { startOfLocalDay } from '../../jobs/business-time.js';
import type { ClearedPayment } from '../../providers/payments/index.js';
import * as admin from './recharge.admin.queries.js';
import type { ReconciliationRow } from './recharge.admin.queries.js';
import type { AmountMismatch, MissingAsOrder, MissingAtProvider } from './recharge.tables.js';

type ReconciliationsQuery = EndpointInput<typeof contract.listReconciliations>['query'];

/** A calendar day `by` days from another: `shiftDay('2026-11-27', -1)` is `2026-11-26`. */
export function shiftDay(day: string, by: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + by)).toISOString().slice(0, 10);
}

/**
 * Compares a channel's day of provider clearing with the orders paid that day (business time) and stores what it
 * found: orders the provider cleared for their amount (matched), for another amount (mismatches), paid orders it did
 * not clear, and payments it cleared that no order paid that day answers.
 */
export async function reconcileDay(
  tx: Tx,
  { row, cleared, timeZone, now }: { row: ReconciliationRow; cleared: ClearedPayment[]; timeZone: string; now: Date },
) {
  const from = startOfLocalDay(row.day, timeZone);
  const until = startOfLocalDay(shiftDay(row.day, 1), timeZone);
  const orders = await admin.ordersPaidBetween(tx, { channel: row.channel, from, until });
  const byOrder = new Map(cleared.map((payment) => [payment.orderNo, payment]));
  let matchedCount = 0;
  let matchedAmount = money(0n);
  const missingAtProvider: MissingAtProvider[] = [];
  const mismatches: AmountMismatch[] = [];
  for (const order of orders) {
    const payment = byOrder.get(order.orderNo);
    byOrder.delete(order.orderNo);
    if (!payment) {
      missingAtProvider.push({ orderNo: order.orderNo, amount: formatMoney(order.amount) });
    } else if (payment.amount !== order.amount) {
      mismatches.push({
        orderNo: order.orderNo,
        orderAmount: formatMoney(order.amount),
        providerAmount: formatMoney(payment.amount),
      });
    } else {
      matchedCount += 1;
      matchedAmount = money(matchedAmount + order.amount);
    }
  }
  const missingAsOrders: MissingAsOrder[] = [...byOrder.values()].map((payment) => ({
    orderNo: payment.orderNo,
    tradeNo: payment.tradeNo,
    amount: formatMoney(payment.amount),
  }));
  await admin.storeReconciliation(tx, row.id, {
    matchedCount,
    matchedAmount,
    missingAtProvider,
    missingAsOrders,
    mismatches,
    at: now,
  });
}

/** The reconciled days for the finance desk, newest first. */
export async function listReconciliations(db: Db, { differencesOnly, ...page }: ReconciliationsQuery) {
  const query = admin.reconciliationPage(db, { differencesOnly: differencesOnly === 'true' });
  const { rows, total } = await paged(page, query);
  return {
    total,
    rows: rows.map((row) => ({
      day: row.day,
      channel: row.channel,
      status: row.status,
      matchedCount: row.matchedCount,
      matchedAmount: formatMoney(row.matchedAmount),
      missingAtProvider: row.missingAtProvider,
      missingAsOrders: row.missingAsOrders,
      mismatches: row.mismatches,
    })),
  };
}
