import { money, parseMoney, type TransactionType, type VoucherKind } from '@suanli/contract';
import type { UserId } from '../../src/db/ids.js';
import type { Arrange } from './factories.js';

const yuan = (text: string) => parseMoney(text) ?? money(0n);

/** Gives a user a voucher through the wallet, as a promotion would: `await giveVoucher(t, userId, '5')`. */
export function giveVoucher(
  { db, services }: Arrange,
  userId: UserId,
  amount: string,
  options: { kind?: VoucherKind; validDays?: number } = {},
) {
  return services.wallet.grantVoucher(db, {
    userId,
    kind: options.kind ?? 'voucher',
    name: `Test ${amount}`,
    amount: yuan(amount),
    source: 'operator',
    validDays: options.validDays ?? 30,
  });
}

let orders = 0;

/** Charges a user as a billing module would, with an amount in yuan text and a fresh order number. */
export function charge(
  { db, services }: Arrange,
  userId: UserId,
  amount: string,
  options: { transactionType?: TransactionType; vouchers?: boolean; orderNo?: string } = {},
) {
  orders += 1;
  return services.wallet.charge(db, {
    userId,
    amount: yuan(amount),
    transactionType: options.transactionType ?? 'appOrder',
    orderNo: options.orderNo ?? `A${userId}-${orders}-${Math.random().toString(36).slice(2, 8)}`,
    ...(options.vouchers === undefined ? {} : { vouchers: options.vouchers }),
  });
}
