import { formatMoney, money, type EndpointInput, type recharge as contract } from '@suanli/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { asUserId, type UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import type { Clock } from '../../jobs/clock.js';
import {
  PaymentUnavailableError,
  type PaymentProvider,
  type QrChannel,
  type RefundOutcome,
} from '../../providers/payments/index.js';
import { clearingOf, isInsufficientBalance, type WalletService } from '../wallet/index.js';
import * as admin from './recharge.admin.queries.js';
import type { RefundRow } from './recharge.admin.queries.js';
import { listReconciliations } from './recharge.admin.reconciliation.js';
import { findOrder, lockOrder } from './recharge.queries.js';

type OrdersQuery = EndpointInput<typeof contract.listRechargeOrdersForOperators>['query'];
type RefundBody = EndpointInput<typeof contract.refundRecharge>['body'];
type ReconciliationsQuery = EndpointInput<typeof contract.listReconciliations>['query'];

interface RechargeAdminDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  provider: Pick<PaymentProvider, 'refund'>;
  wallet: Pick<WalletService, 'post' | 'newOrderNo' | 'getBalance'>;
}

const refundRowOf = (row: RefundRow) => ({
  refundNo: row.refundNo,
  amount: formatMoney(row.amount),
  status: row.status,
  createTime: row.createdAt.toISOString(),
});

/**
 * Refunds of paid WeChat Pay and Alipay recharges (issue 23): the amount leaves the payer's balance as a ledger
 * transfer back to the channel's clearing account, in the transaction that adds it to the order's refunded amount
 * (compare-and-set on what the operator saw) and writes the audit row; then the provider is asked, outside any
 * transaction, under the refund's own number. A refund the provider cannot answer now stays pending for the refund
 * job; one it refuses for good goes back to the balance.
 */
export function rechargeAdminService({ db, clock, log, provider, wallet }: RechargeAdminDependencies) {
  const orderOf = async (executor: Db, orderNo: string) => {
    const order = await findOrder(executor, orderNo);
    if (!order || order.channel === 'bank') {
      throw new Error(`refund of ${orderNo}, which is no QR order`);
    }
    return { ...order, channel: order.channel as QrChannel };
  };

  /** The provider's answer to a refund; null when it cannot answer now (the job asks again). */
  async function askProvider(refund: RefundRow): Promise<RefundOutcome | null> {
    const order = await orderOf(db, refund.orderNo);
    try {
      return await provider.refund({
        orderNo: order.orderNo,
        channel: order.channel,
        refundNo: refund.refundNo,
        amount: refund.amount,
        total: order.amount,
        reason: refund.reason,
      });
    } catch (error) {
      if (error instanceof PaymentUnavailableError) {
        log.warn({ err: error, refundNo: refund.refundNo }, 'refund not answered by the provider; will ask again');
        return null;
      }
      throw error;
    }
  }

  /**
   * Records the provider's answer, once: a refusal gives the amount back to the balance (the reverse transfer, under
   * the refund's number) and takes it off the order's refunded amount. Heard while the operator waits, the answer has
   * its own audit row (the job's later answers are the provider's, not an operator's).
   */
  async function recordAnswer(
    tx: Tx,
    { refund, outcome, audit }: { refund: RefundRow; outcome: RefundOutcome; audit?: Audit },
  ) {
    const refused = outcome.state === 'refused';
    const providerRefundNo = refused ? null : outcome.providerRefundNo;
    const answered = await admin.answerRefund(tx, refund.id, {
      status: outcome.state,
      providerRefundNo,
      at: clock.now(),
    });
    await audit?.(tx, {
      action: 'recharge.refundAnswered',
      target: `recharge-refund:${refund.refundNo}`,
      before: { status: refund.status },
      after: refused ? { status: outcome.state, code: outcome.code } : { status: outcome.state, providerRefundNo },
    });
    if (!answered || !refused) {
      return;
    }
    log.warn(
      { refundNo: refund.refundNo, code: outcome.code },
      'provider refused a refund; amount back to the balance',
    );
    const order = await orderOf(tx, refund.orderNo);
    await wallet.post(tx, [
      {
        userId: refund.userId,
        transactionType: 'refund',
        amount: refund.amount,
        orderNo: refund.refundNo,
        counter: clearingOf(order.channel),
      },
    ]);
    await admin.takeBackRefunded(tx, { orderNo: refund.orderNo, amount: refund.amount });
  }

  /** What the balance holds, for the refusal of a refund it does not cover. */
  async function balanceShort(userId: UserId) {
    const { balance } = await wallet.getBalance(userId);
    return new AppError('conflict', {
      messageKey: 'recharge.refund.balanceShort',
      params: { balance },
      field: 'amount',
    });
  }

  /** The refund's transfer, its order's refunded amount and its audit row, in one transaction. */
  async function takeRefund(operator: { userId: UserId; audit: Audit }, orderNo: string, body: RefundBody) {
    return inTransaction(db, async (tx) => {
      const order = await lockOrder(tx, orderNo);
      if (!order) {
        throw new AppError('notFound', { messageKey: 'recharge.orderNotFound', field: 'orderNo' });
      }
      if (order.status !== 'paid' || order.channel === 'bank') {
        throw new AppError('businessRule', { messageKey: 'recharge.refund.notRefundable', field: 'orderNo' });
      }
      if (order.refunded !== body.refunded) {
        throw new AppError('conflict', {
          messageKey: 'recharge.refund.changed',
          params: { refunded: formatMoney(order.refunded) },
          field: 'refunded',
        });
      }
      const left = money(order.amount - order.refunded);
      if (body.amount > left) {
        throw new AppError('businessRule', {
          messageKey: 'recharge.refund.tooMuch',
          params: { left: formatMoney(left) },
          field: 'amount',
        });
      }
      const now = clock.now();
      const refundNo = await wallet.newOrderNo(tx, 'F', now);
      // Out of the balance only: vouchers and gifts were never paid through the channel.
      await wallet.post(tx, [
        {
          userId: order.userId,
          transactionType: 'refund',
          amount: money(-body.amount),
          orderNo,
          counter: clearingOf(order.channel),
        },
      ]);
      if (!(await admin.addRefunded(tx, { orderNo, expected: order.refunded, amount: body.amount }))) {
        throw new Error(`order ${orderNo} refunded while locked`);
      }
      const refund = await admin.insertRefund(tx, {
        refundNo,
        orderNo,
        userId: order.userId,
        amount: body.amount,
        reason: body.reason,
        operatorId: operator.userId,
        createdAt: now,
      });
      await operator.audit(tx, {
        action: 'recharge.refund',
        target: `recharge-order:${orderNo}`,
        before: { amount: formatMoney(order.amount), refunded: formatMoney(order.refunded) },
        after: {
          amount: formatMoney(order.amount),
          refunded: formatMoney(money(order.refunded + body.amount)),
          refundNo,
          refundAmount: formatMoney(body.amount),
        },
      });
      return { refund, userId: order.userId };
    });
  }

  return {
    async listOrders({ orderNo, userId, channel, ...page }: OrdersQuery) {
      const filter = { orderNo, channel, userId: userId === undefined ? undefined : asUserId(BigInt(userId)) };
      const { rows, total } = await paged(page, admin.paidQrOrderPage(db, filter));
      const refunds = await admin.refundsOf(
        db,
        rows.map((row) => row.orderNo),
      );
      return {
        total,
        rows: rows.map((row) => ({
          orderNo: row.orderNo,
          userId: String(row.userId),
          channel: row.channel as QrChannel,
          amount: formatMoney(row.amount),
          refunded: formatMoney(row.refunded),
          paidTime: (row.paidAt ?? row.createdAt).toISOString(),
          refunds: refunds.filter((refund) => refund.orderNo === row.orderNo).map(refundRowOf),
        })),
      };
    },

    async refund(operator: { userId: UserId; audit: Audit }, orderNo: string, body: RefundBody) {
      let taken: Awaited<ReturnType<typeof takeRefund>>;
      try {
        taken = await takeRefund(operator, orderNo, body);
      } catch (error) {
        if (isInsufficientBalance(error)) {
          const order = await findOrder(db, orderNo);
          throw await balanceShort(order!.userId);
        }
        throw error;
      }
      const { refund } = taken;
      const outcome = await askProvider(refund);
      if (outcome) {
        await inTransaction(db, (tx) => recordAnswer(tx, { refund, outcome, audit: operator.audit }));
      }
      log.info({ orderNo, refundNo: refund.refundNo, operatorId: String(operator.userId) }, 'recharge refunded');
      const [order, answered] = await Promise.all([findOrder(db, orderNo), admin.findRefund(db, refund.id)]);
      return { refundNo: refund.refundNo, refunded: formatMoney(order!.refunded), status: answered!.status };
    },

    /** The reconciled days of the providers' clearing, newest first. */
    listReconciliations: (query: ReconciliationsQuery) => listReconciliations(db, query),

    askProvider,
    recordAnswer,
  };
}

export type RechargeAdminService = ReturnType<typeof rechargeAdminService>;
