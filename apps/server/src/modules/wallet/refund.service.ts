import { money, type Money } from '@suanli/contract';
import type { Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { Clock } from '../../jobs/clock.js';
import { insufficient } from './charge.service.js';
import { moveVouchers, postEntries } from './ledger.queries.js';
import { lockOrderPayments, restoreVoucher } from './refund.queries.js';
import { raiseVoucherHorizon, voucherOrderNo } from './vouchers.queries.js';

const FEN = 100n;

export interface RefundRequest {
  userId: UserId;
  /** The order refunded, whose charges the refund and its fee are posted under. */
  orderNo: string;
  /** What is given back before the fee, a whole number of fen. */
  amount: Money;
  /** The refund fee, a whole number of fen, at most `amount`. */
  fee: Money;
}

/** The part of `amount` that vouchers paid, when they paid `voucherPaid` of `charged`: whole fen, rounded down. */
function voucherShare(amount: Money, voucherPaid: Money, charged: Money) {
  if (charged === 0n) {
    return money(0n);
  }
  return money(((amount * voucherPaid) / charged / FEN) * FEN);
}

/**
 * Refunds part of an order (spec §3 "refund", "refund fee"): two ledger entries under its number, the refund and its
 * fee, each split between the vouchers and the balance in the proportion they paid the order; the vouchers' part goes
 * back to the vouchers that paid it, latest first. In the caller's transaction, which must make it happen once.
 */
export function refundService({ clock }: { clock: Clock }) {
  return {
    async refund(tx: Tx, request: RefundRequest) {
      const { userId, orderNo, amount, fee } = request;
      if (amount <= 0n || fee < 0n || fee > amount) {
        throw new RangeError(`a refund of ${amount} with a fee of ${fee} for ${orderNo}`);
      }
      const now = clock.now();
      const { spends, charged } = await lockOrderPayments(tx, { userId, orderNo });
      const voucherPaid = money(spends.reduce((total, spend) => total + spend.amount, 0n));
      const [refundedToVouchers, feeFromVouchers] = [amount, fee].map((part) =>
        voucherShare(part, voucherPaid, charged),
      ) as [Money, Money];
      let left = money(refundedToVouchers - feeFromVouchers);
      // What goes back to a voucher that has already ended ends with it: it returns to the voucher liability.
      const ended: { voucherId: bigint; amount: Money }[] = [];
      for (const spend of spends) {
        if (left === 0n) {
          break;
        }
        const back = money(spend.amount < left ? spend.amount : left);
        const restored = await restoreVoucher(tx, { id: spend.voucherId, amount: back, now });
        await raiseVoucherHorizon(tx, { userId, until: restored.until });
        if (restored.ended) {
          ended.push({ voucherId: spend.voucherId, amount: back });
        }
        left = money(left - back);
      }
      const postings = [
        {
          userId,
          orderNo,
          transactionType: 'refund' as const,
          amount,
          balanceChange: money(amount - refundedToVouchers),
        },
        ...(fee > 0n
          ? [
              {
                userId,
                orderNo,
                transactionType: 'refundFee' as const,
                amount: money(-fee),
                balanceChange: money(-(fee - feeFromVouchers)),
              },
            ]
          : []),
      ];
      const balances = await postEntries(tx, postings, now);
      if (!balances) {
        throw insufficient();
      }
      for (const { voucherId, amount: back } of ended) {
        await moveVouchers(tx, {
          userId,
          change: money(-back),
          type: 'voucherExpiry',
          orderNo: voucherOrderNo(voucherId),
          at: now,
        });
      }
      return { toVouchers: money(refundedToVouchers - feeFromVouchers), balance: balances.at(-1)! };
    },
  };
}
