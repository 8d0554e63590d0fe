import { formatMoney, type Money, type PageQuery, type PaymentStatus } from '@suanli/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import type { Clock } from '../../jobs/clock.js';
import type { WalletService } from '../wallet/index.js';
import * as queries from './recharge.queries.js';
import type { RechargeOrder } from './recharge.queries.js';
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

/** The operator acting, and the audit their action writes (route() gives both). */
interface Operator {
  userId: UserId;
  audit: Audit;
}

/** A bank order's audit row: its status and amount before, and what came of the operator's word. */
async function auditOrder(
  tx: Tx,
  audit: Audit,
  { action, before, outcome }: { action: string; before: RechargeOrder | null; outcome: string },
) {
  const after = before ? await queries.findOrder(tx, before.orderNo) : null;
  await audit(tx, {
    action,
    target: `recharge-order:${before?.orderNo ?? ''}`,
    before: before && { status: before.status, amount: formatMoney(before.amount) },
    after: after && { status: after.status, amount: formatMoney(after.amount), outcome },
  });
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
    /** The operators' queue: bank orders in a status, oldest first, or the one whose number a transfer's remark gives. */
    async list({ status, orderNo, ...page }: PageQuery & { status: PaymentStatus; orderNo?: string | undefined }) {
      const { rows, total } = await paged(page, queries.bankOrderPage(db, { status, orderNo }));
      return {
        total,
        rows: rows.map((row) => ({
          orderNo: row.orderNo,
          userId: String(row.userId),
          amount: formatMoney(row.amount),
          status: row.status,
          createTime: row.createdAt.toISOString(),
          endTime: (row.paidAt ?? row.closedAt)?.toISOString() ?? null,
        })),
      };
    },

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
     * it stands, and one rejected before is credited all the same (the money is there), marked for review. The credit
     * and its audit row commit together.
     */
    async confirm(operator: Operator, orderNo: string, amount: Money) {
      const order = await bankOrder(orderNo);
      if (amount !== order.amount) {
        throw new AppError('businessRule', {
          messageKey: 'recharge.bankAmountMismatch',
          params: { amount: formatMoney(order.amount) },
          field: 'amount',
        });
      }
      const outcome = await inTransaction(db, async (tx) => {
        const before = await queries.lockOrder(tx, orderNo);
        const credited = await recharge.credit(
          { orderNo, tradeNo: `operator:${operator.userId}`, amount },
          'operator',
          tx,
        );
        await auditOrder(tx, operator.audit, { action: 'recharge.confirmBankTransfer', before, outcome: credited });
        return credited;
      });
      log.info({ orderNo, operatorId: String(operator.userId), outcome }, 'bank transfer confirmed');
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
    async reject(operator: Operator, orderNo: string) {
      await bankOrder(orderNo);
      const status = await inTransaction(db, async (tx) => {
        const before = await queries.lockOrder(tx, orderNo);
        await queries.markEnded(tx, { orderNo, status: 'closed', at: clock.now() });
        await auditOrder(tx, operator.audit, { action: 'recharge.rejectBankTransfer', before, outcome: 'rejected' });
        return (await queries.findOrder(tx, orderNo))?.status ?? 'closed';
      });
      if (status === 'paid') {
        throw new AppError('conflict', { messageKey: 'recharge.bankOrderPaid', field: 'orderNo' });
      }
      log.info({ orderNo, operatorId: String(operator.userId) }, 'bank transfer rejected');
      return { status };
    },
  };
}

export type BankTransferService = ReturnType<typeof bankTransferService>;
