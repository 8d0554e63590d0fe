import { translate, type Money, type PaymentStatus } from '@suanli/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { claimOnce } from '../../db/processed-keys.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import { recordEvent } from '../../events/index.js';
import type { Clock } from '../../jobs/clock.js';
import {
  PaymentUnavailableError,
  type PaidNotice,
  type PaymentProvider,
  type QrChannel,
  type WapPayment,
} from '../../providers/payments/index.js';
import { clearingOf, type WalletService } from '../wallet/index.js';
import * as queries from './recharge.queries.js';

/** How long a recharge QR (or Alipay's mobile-website page) can be paid before the order is closed at the provider. */
export const QR_LIFETIME_MS = 5 * 60_000;

/**
 * The console's recharge page, with the order to show: where a mobile-website payer comes back to, under PUBLIC_URL
 * (the console and the API share an origin), or relative to it when unset, as the sandbox cashier is.
 */
const returnUrlOf = (config: Config, orderNo: string) =>
  `${config.http.publicUrl}/voucherCenter?tab=recharge&orderNo=${encodeURIComponent(orderNo)}`;

/** Where a credit came from, for the log: a provider's word, or an operator who saw a bank transfer arrive. */
export type PaidVia = 'notification' | 'query' | 'close' | 'operator';

export type CreditOutcome = 'credited' | 'duplicate' | 'refused';

interface RechargeDependencies {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  provider: PaymentProvider & WapPayment;
  wallet: Pick<WalletService, 'post' | 'newOrderNo' | 'grantRechargeReturn'>;
}

const unavailable = (cause: unknown) =>
  new AppError('unavailable', { messageKey: 'recharge.providerUnavailable', cause });

/** Recharge orders: opening them at the provider, crediting their payments once, closing them. */
export function rechargeService({ config, db, clock, log, provider, wallet }: RechargeDependencies) {
  /**
   * Credits a paid order exactly once, however many times and by whichever path its payment is reported: the order
   * row is locked and the credit claims the order number (claimOnce), in the transaction that posts it. A payment
   * for another amount is refused and logged; one that arrives after the order was closed is credited and logged
   * for review, since the money was taken.
   */
  async function credit(notice: PaidNotice, via: PaidVia, executor: Db = db): Promise<CreditOutcome> {
    return inTransaction(executor, async (tx) => {
      const order = await queries.lockOrder(tx, notice.orderNo);
      if (!order || order.amount !== notice.amount) {
        log.error(
          { notice: { ...notice, amount: String(notice.amount) }, via },
          'payment refused: no such order or amount',
        );
        return 'refused';
      }
      if (!(await claimOnce(tx, { scope: 'recharge.paid', key: order.orderNo }))) {
        return 'duplicate';
      }
      const afterClose = order.status !== 'pending';
      await queries.markPaid(tx, { id: order.id, tradeNo: notice.tradeNo, at: clock.now(), afterClose });
      await wallet.post(tx, [
        {
          userId: order.userId,
          transactionType: 'recharge',
          amount: order.amount,
          orderNo: order.orderNo,
          counter: clearingOf(order.channel),
        },
      ]);
      await wallet.grantRechargeReturn(tx, { userId: order.userId, orderNo: order.orderNo, amount: order.amount });
      await recordEvent(tx, {
        type: 'recharge.credited',
        subject: `user:${order.userId}`,
        payload: { userId: String(order.userId), orderNo: order.orderNo, amount: String(order.amount) },
        at: clock.now(),
      });
      if (afterClose) {
        log.warn({ orderNo: order.orderNo, was: order.status, via }, 'payment after the order was closed: credited');
      }
      return 'credited';
    });
  }

  async function newOrder() {
    const now = clock.now();
    return {
      now,
      orderNo: await wallet.newOrderNo(db, 'R', now),
      expiresAt: new Date(now.getTime() + QR_LIFETIME_MS),
      description: translate('zh-CN', 'recharge.description'),
    };
  }

  const write = (order: queries.NewOrder) => inTransaction(db, (tx) => queries.insertOrder(tx, order));

  const expiryOf = ({ expiresAt }: { expiresAt: Date }) => ({
    expireTime: expiresAt.toISOString(),
    expiresIn: QR_LIFETIME_MS / 1_000,
    sandbox: provider.sandbox,
  });

  async function statusOf(orderNo: string): Promise<PaymentStatus> {
    return (await queries.findOrder(db, orderNo))?.status ?? 'closed';
  }

  return {
    credit,

    /**
     * The provider is asked first and the order written after, in one transaction: a failed ask leaves nothing behind
     * for a retry to trip on, and the written order commits with the call's Idempotency-Key (decision 0018). A QR the
     * provider made for an order never written is never shown, so it cannot be paid.
     */
    async open(userId: UserId, channel: QrChannel, amount: Money) {
      const order = await newOrder();
      const { codeUrl } = await provider.create({ ...order, channel, amount }).catch((error: unknown) => {
        throw error instanceof PaymentUnavailableError ? unavailable(error) : error;
      });
      await write({ ...order, userId, channel, amount, codeUrl });
      return { orderNo: order.orderNo, codeUrl, ...expiryOf(order) };
    },

    /**
     * An Alipay order paid on Alipay's mobile-website page instead of by QR (spec §7 createAlipayOrder), opened in the
     * same order as a QR; from then on it is an Alipay order like any other (notified, queried, closed at expiry).
     * Its page address is kept where a QR's is, marked as a page, so that a pending order reopens it from the order
     * list.
     */
    async openWap(userId: UserId, amount: Money) {
      const order = await newOrder();
      const { payUrl } = provider.wapPay({ ...order, amount, returnUrl: returnUrlOf(config, order.orderNo) });
      await write({ ...order, userId, channel: 'alipay', amount, codeUrl: payUrl, pagePayment: true });
      return { orderNo: order.orderNo, payUrl, ...expiryOf(order) };
    },

    async status(userId: UserId, orderNo: string) {
      const order = await queries.findUserOrder(db, userId, orderNo);
      if (!order) {
        throw new AppError('notFound', { messageKey: 'recharge.orderNotFound', field: 'orderNo' });
      }
      return { status: order.status };
    },

    /** The payer closes the QR: closed at the provider first, so that it cannot be paid afterwards. */
    async cancel(userId: UserId, channel: QrChannel, orderNo: string) {
      const order = await queries.findUserOrder(db, userId, orderNo);
      if (!order || order.channel !== channel) {
        throw new AppError('notFound', { messageKey: 'recharge.orderNotFound', field: 'id' });
      }
      if (order.status === 'pending') {
        const trade = await provider.close({ orderNo, channel }).catch((error: unknown) => {
          throw error instanceof PaymentUnavailableError ? unavailable(error) : error;
        });
        if (trade.state === 'paid') {
          if ((await credit({ orderNo, tradeNo: trade.tradeNo, amount: trade.amount }, 'close')) === 'refused') {
            await queries.markEnded(db, { orderNo, status: 'invalid', at: clock.now() });
          }
        } else {
          // The QR screen closes an order at the end of its countdown: that is expiry, shown as invalid.
          const now = clock.now();
          const expired = order.expiresAt !== null && now >= order.expiresAt;
          await queries.markEnded(db, { orderNo, status: expired ? 'invalid' : 'closed', at: now });
        }
      }
      return { status: await statusOf(orderNo) };
    },

    statusOf,

    order: (orderNo: string) => queries.findOrder(db, orderNo),

    /** The payer walked away at the cashier: the order ends unpaid. */
    closeUnpaid: (orderNo: string) => queries.markEnded(db, { orderNo, status: 'closed', at: clock.now() }),
  };
}

export type RechargeService = ReturnType<typeof rechargeService>;
