import type { Db } from '../../db/client.js';
import { defineBatchJob } from '../../jobs/batch-job.js';
import type { JobContext } from '../../jobs/job-definition.js';
import {
  PaymentUnavailableError,
  type PaymentProvider,
  type ProviderTrade,
  type QrChannel,
} from '../../providers/payments/index.js';
import { expiredQrOrders, markEnded, unansweredQrOrders, type RechargeOrder } from './recharge.queries.js';
import type { PaidVia, RechargeService } from './recharge.service.js';
import { rechargeOrders } from './recharge.tables.js';

// A notification normally arrives within seconds; an order silent for a minute is asked about.
const QUERY_AFTER_MS = 60_000;

/** Asks the provider; a provider that cannot answer leaves the order as it is, for the next minute's run. */
const ask =
  (call: (order: { orderNo: string; channel: QrChannel }) => Promise<ProviderTrade>) =>
  async (row: RechargeOrder, { log }: JobContext): Promise<ProviderTrade | null> => {
    try {
      return await call({ orderNo: row.orderNo, channel: row.channel as QrChannel });
    } catch (error) {
      if (error instanceof PaymentUnavailableError) {
        log.warn({ err: error, orderNo: row.orderNo }, 'payment provider unavailable; will try again');
        return null;
      }
      throw error;
    }
  };

const creditIfPaid = (
  { service, tx, via }: { service: RechargeService; tx: Db; via: PaidVia },
  { row, prepared }: { row: RechargeOrder; prepared: ProviderTrade | null },
) =>
  prepared?.state === 'paid'
    ? service.credit({ orderNo: row.orderNo, tradeNo: prepared.tradeNo, amount: prepared.amount }, via, tx)
    : null;

/**
 * Every minute: each expired QR is closed at the provider (its QR's expiry alone does not stop a payment) and marked
 * invalid, unless the provider says it was paid, when it is credited; and each order a minute old with no word yet
 * is asked about, so that a lost notification is credited all the same, once.
 */
export function rechargeJobs(service: RechargeService, provider: PaymentProvider) {
  return [
    defineBatchJob({
      name: 'recharge.close-expired-orders',
      cadence: 'minute',
      // Each run takes every order due by then, so a missed minute needs no run of its own.
      catchUp: 1,
      table: rechargeOrders,
      where: ({ now }) => expiredQrOrders(now),
      prepare: ask((order) => provider.close(order)),
      apply: async (tx, item, { now }) => {
        if (item.prepared === null) {
          return;
        }
        // A payment the provider reports for another amount is refused; left pending, the order would be closed
        // again every minute, forever, so it ends all the same, and the refusal's log is there for an operator.
        const outcome = await creditIfPaid({ service, tx, via: 'close' }, item);
        if (outcome === null || outcome === 'refused') {
          await markEnded(tx, { orderNo: item.row.orderNo, status: 'invalid', at: now });
        }
      },
    }),
    defineBatchJob({
      name: 'recharge.query-unanswered-orders',
      cadence: 'minute',
      catchUp: 1,
      table: rechargeOrders,
      where: ({ now }) => unansweredQrOrders(now, QUERY_AFTER_MS),
      prepare: ask((order) => provider.query(order)),
      apply: async (tx, item) => {
        await creditIfPaid({ service, tx, via: 'query' }, item);
      },
    }),
  ];
}
