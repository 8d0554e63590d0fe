import { formatMoney, type Money } from '@suanli/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { WalletService } from '../wallet/index.js';
import * as queries from './recharge.queries.js';
import type { RechargeService } from './recharge.service.js';

/** The account a bank transfer is paid into (BANK_ACCOUNT_NAME, BANK_NAME, BANK_ACCOUNT_NUMBER). */
export interface BankAccount {
  accountName: string;
  bankName: string;
  accountNumber: string;
}

interface BankTransferDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  account: BankAccount;
  wallet: Pick<WalletService, 'newOrderNo'>;
  recharge: Pick<RechargeService, 'credit' | 'statusOf'>;
}

const notFound = () => new AppError('notFound', { messageKey: 'recharge.orderNotFound', field: 'orderNo' });

/**
 * Recharge by bank transfer (spec §7 createBankpayOrder): the order waits, asked of no provider and closed by no
 * expiry, until an operator who sees the money arrive, with the order number as its remark, confirms it (credited
 * through the one `credit`, as a provider's notification is) or rejects it.
 */
export function bankTransferService({ db, clock, log, account, wallet, recharge }: BankTransferDependencies) {
  async function bankOrder(orderNo: string) {
    const order = await queries.findOrder(db, orderNo);
    if (!order || order.channel !== 'bank') {
      throw notFound();
    }
    return order;
  }

  return {
    async open(userId: UserId, amount: Money) {
      const now = clock.now();
      const orderNo = await wallet.newOrderNo(db, 'R', now);
      await inTransaction(db, (tx) =>
        queries.insertOrder(tx, { orderNo, userId, channel: 'bank', amount, now, expiresAt: null }),
      );
      return { orderNo, amount: formatMoney(amount), ...account, remark: orderNo };
    },

    /**
     * The transfer arrived. Its trade number names the operator who said so; an order already credited is answered as
     * it stands, and one rejected before is credited all the same (the money is there), marked for review.
     */
    async confirm(operatorId: UserId, orderNo: string, amount: Money) {
      const order = await bankOrder(orderNo);
      if (amount !== order.amount) {
        throw new AppError('businessRule', {
          messageKey: 'recharge.bankAmountMismatch',
          params: { amount: formatMoney(order.amount) },
          field: 'amount',
        });
      }
      const outcome = await recharge.credit({ orderNo, tradeNo: `operator:${operatorId}`, amount }, 'operator');
      log.info({ orderNo, operatorId: String(operatorId), outcome }, 'bank transfer confirmed');
      return { status: await recharge.statusOf(orderNo) };
    },

    /** The payer will not send the transfer: their pending order closes unpaid (one paid or ended stays as it is). */
    async cancel(userId: UserId, orderNo: string) {
      const order = await queries.findUserOrder(db, userId, orderNo);
      if (!order || order.channel !== 'bank') {
        throw notFound();
      }
      await queries.markEnded(db, { orderNo, status: 'closed', at: clock.now() });
      return { status: await recharge.statusOf(orderNo) };
    },

    /** No transfer arrived: the order closes unpaid. One already credited stays credited, and the operator is told. */
    async reject(operatorId: UserId, orderNo: string) {
      await bankOrder(orderNo);
      await queries.markEnded(db, { orderNo, status: 'closed', at: clock.now() });
      const status = await recharge.statusOf(orderNo);
      if (status === 'paid') {
        throw new AppError('conflict', { messageKey: 'recharge.bankOrderPaid', field: 'orderNo' });
      }
      log.info({ orderNo, operatorId: String(operatorId) }, 'bank transfer rejected');
      return { status };
    },
  };
}

export type BankTransferService = ReturnType<typeof bankTransferService>;
