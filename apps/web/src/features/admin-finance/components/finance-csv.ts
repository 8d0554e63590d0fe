import { InvoiceStatus, InvoiceType, PaymentChannel, PaymentStatus, WithdrawalStatus } from '@suanli/contract';
import { csvTime, toCsv } from '@/shared/format/csv';
import type { BankOrderRow } from '../api/bank-orders';
import type { InvoiceRow } from '../api/invoices';
import type { RechargeOrderRow } from '../api/recharge-refunds';
import type { ReconciliationRow } from '../api/reconciliations';
import type { WithdrawalRow } from '../api/withdrawals';

type Translate = (key: string, options?: Record<string, unknown>) => string;

// The finance desk's lists as CSV for an accountant, headed in the reader's language (`t` speaks adminFinance).
// Amounts are the server's decimal text as it is ('1234.50'), never a formatted '¥1,234.50', so that a spreadsheet
// sums them exactly; times are local and sortable (csvTime).

/** The header row: each list's `csv.columns.*` entries in the order the lines give them. */
const header = (list: string, keys: readonly string[], t: Translate) =>
  keys.map((key) => t(`${list}.csv.columns.${key}`));

/** Bank-transfer orders: the remark's order number, whose, how much, and where each stands. */
export function bankOrdersCsv(rows: readonly BankOrderRow[], t: Translate): string {
  return toCsv([
    header('bankOrders', ['orderNo', 'userId', 'amount', 'status', 'createTime', 'endTime'], t),
    ...rows.map((row) => [
      row.orderNo,
      row.userId,
      row.amount,
      t(`contract:${PaymentStatus.labelKey(row.status)}`),
      csvTime(row.createTime),
      csvTime(row.endTime),
    ]),
  ]);
}

/** Invoice applications with everything the invoice is made out to, as the tax office's form asks for it. */
export function invoicesCsv(rows: readonly InvoiceRow[], t: Translate): string {
  const keys = ['id', 'userId', 'amount', 'status', 'title', 'taxNumber', 'type', 'bank', 'account', 'address'];
  const more = ['contactName', 'phone', 'email', 'remark', 'rejectionNote', 'createTime', 'updateTime'];
  return toCsv([
    header('invoices', [...keys, ...more], t),
    ...rows.map(({ details, ...row }) => [
      row.id,
      row.userId,
      row.amount,
      t(`contract:${InvoiceStatus.labelKey(row.status)}`),
      details.title,
      details.taxNumber,
      t(`contract:${InvoiceType.labelKey(details.type)}`),
      details.bank,
      details.account,
      details.address,
      details.contactName,
      details.phone,
      details.email,
      row.remark,
      row.rejectionNote ?? '',
      csvTime(row.createTime),
      csvTime(row.updateTime),
    ]),
  ]);
}

/** Partners' withdrawals: the payee, the amount withdrawn, the fee kept and what was paid out. */
export function withdrawalsCsv(rows: readonly WithdrawalRow[], t: Translate): string {
  const keys = ['id', 'userId', 'payee', 'payeeName', 'invoiceType', 'amount', 'fee', 'payout', 'status'];
  return toCsv([
    header('withdrawals', [...keys, 'rejectNote', 'applyTime'], t),
    ...rows.map((row) => [
      row.id,
      row.userId,
      t(`withdrawals.payees.${row.payee}`),
      row.payeeName,
      t(`contract:${InvoiceType.labelKey(row.invoiceType)}`),
      row.amount,
      row.fee,
      row.payout,
      t(`contract:${WithdrawalStatus.labelKey(row.status)}`),
      row.rejectNote ?? '',
      csvTime(row.applyTime),
    ]),
  ]);
}

/** Paid recharges and what was refunded of each, its refunds listed in one cell: number, amount, state, time. */
export function refundsCsv(rows: readonly RechargeOrderRow[], t: Translate): string {
  return toCsv([
    header('refunds', ['orderNo', 'userId', 'channel', 'amount', 'refunded', 'paidTime', 'refunds'], t),
    ...rows.map((row) => [
      row.orderNo,
      row.userId,
      t(`contract:${PaymentChannel.labelKey(row.channel)}`),
      row.amount,
      row.refunded,
      csvTime(row.paidTime),
      row.refunds
        .map((refund) =>
          t('refunds.csv.refund', {
            refundNo: refund.refundNo,
            amount: refund.amount,
            status: t(`refunds.status.${refund.status}`),
            time: csvTime(refund.createTime),
          }),
        )
        .join('; '),
    ]),
  ]);
}

/** Each reconciled day of a channel: its result, what matched, and every difference spelled out in one cell. */
export function reconciliationsCsv(rows: readonly ReconciliationRow[], t: Translate): string {
  const keys = ['day', 'channel', 'status', 'matchedCount', 'matchedAmount', 'differenceCount', 'differences'];
  return toCsv([
    header('reconciliations', keys, t),
    ...rows.map((row) => {
      const differences = reconciliationDifferences(row, t, (amount) => amount);
      const status = row.status === 'due' ? 'due' : differences.length === 0 ? 'balanced' : 'withDifferences';
      return [
        row.day,
        t(`contract:${PaymentChannel.labelKey(row.channel)}`),
        t(`reconciliations.csv.status.${status}`),
        String(row.matchedCount),
        row.matchedAmount,
        String(differences.length),
        differences.join('; '),
      ];
    }),
  ]);
}

/**
 * A day's differences between the provider and the recharges, one sentence each, with the amounts as `money` writes
 * them: the table's '¥30.00', or the CSV's exact '30.00'.
 */
export function reconciliationDifferences(
  row: ReconciliationRow,
  t: Translate,
  money: (amount: string) => string,
): string[] {
  return [
    ...row.missingAtProvider.map((order) =>
      t('reconciliations.missingAtProvider', { orderNo: order.orderNo, amount: money(order.amount) }),
    ),
    ...row.missingAsOrders.map((payment) =>
      t('reconciliations.missingAsOrder', {
        orderNo: payment.orderNo,
        tradeNo: payment.tradeNo,
        amount: money(payment.amount),
      }),
    ),
    ...row.mismatches.map((mismatch) =>
      t('reconciliations.mismatch', {
        orderNo: mismatch.orderNo,
        orderAmount: money(mismatch.orderAmount),
        providerAmount: money(mismatch.providerAmount),
      }),
    ),
  ];
}
