import type { FastifyBaseLogger } from 'fastify';
import { defineBatchJob } from '../../jobs/batch-job.js';
import type { JobDefinition } from '../../jobs/job-definition.js';
import { PaymentUnavailableError, type ClearedPayment, type PaymentProvider } from '../../providers/payments/index.js';
import * as admin from './recharge.admin.queries.js';
import { reconcileDay, shiftDay } from './recharge.admin.reconciliation.js';
import type { RechargeAdminService } from './recharge.admin.service.js';
import { clearingReconciliations, rechargeRefunds } from './recharge.tables.js';

// The refund request asks the provider at once; a refund still unanswered a minute later is asked again.
const ASK_AGAIN_AFTER_MS = 60_000;
const QR_CHANNELS = ['wechat', 'alipay'] as const;

/** A channel's clearing for a day; null when the provider cannot give it now (the next minute asks again). */
async function clearingOf(
  provider: Pick<PaymentProvider, 'clearing'>,
  row: admin.ReconciliationRow,
  log: FastifyBaseLogger,
): Promise<ClearedPayment[] | null> {
  try {
    return await provider.clearing({ channel: row.channel, day: row.day });
  } catch (error) {
    if (error instanceof PaymentUnavailableError) {
      log.warn({ err: error, day: row.day, channel: row.channel }, 'clearing not available yet; will ask again');
      return null;
    }
    throw error;
  }
}

/**
 * The finance desk's jobs: refunds the provider has not answered are asked again each minute (under the same refund
 * number, so never paid twice); each business day makes the day before due for reconciliation, and each minute the
 * due days are reconciled against the provider's clearing, once it gives it.
 */
export function rechargeAdminJobs({
  service,
  provider,
  timeZone,
}: {
  service: Pick<RechargeAdminService, 'askProvider' | 'recordAnswer'>;
  provider: Pick<PaymentProvider, 'clearing'>;
  timeZone: string;
}) {
  const scheduleReconciliation: JobDefinition = {
    name: 'recharge.schedule-reconciliation',
    cadence: 'day',
    catchUp: 7,
    run: (tx, { period }) => admin.makeDue(tx, shiftDay(period, -1), QR_CHANNELS),
  };
  return [
    scheduleReconciliation,
    defineBatchJob({
      name: 'recharge.reconcile-clearing',
      cadence: 'minute',
      catchUp: 1,
      table: clearingReconciliations,
      where: admin.dueReconciliations,
      prepare: (row, { log }) => clearingOf(provider, row, log),
      apply: async (tx, { row, prepared }, { now }) => {
        if (prepared !== null) {
          await reconcileDay(tx, { row, cleared: prepared, timeZone, now });
        }
      },
    }),
    defineBatchJob({
      name: 'recharge.ask-unanswered-refunds',
      cadence: 'minute',
      catchUp: 1,
      table: rechargeRefunds,
      where: ({ now }) => admin.unansweredRefunds(now, ASK_AGAIN_AFTER_MS),
      prepare: (row) => service.askProvider(row),
      apply: async (tx, { row, prepared }) => {
        if (prepared !== null) {
          await service.recordAnswer(tx, { refund: row, outcome: prepared });
        }
      },
    }),
  ];
}
