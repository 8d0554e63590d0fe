import { TransactionDirection, TransactionType } from '@suanli/contract';
import { csvTime, toCsv } from '@/shared/format/csv';
import type { LedgerRow } from '../api/list-ledger';

/** The most rows one export reads (50 requests of the largest page); beyond it the user narrows the dates. */
export const LEDGER_EXPORT_LIMIT = 5_000;

/** The ledger's columns in order, as keys of `ledger.columns`: the table and the export share them. */
export const LEDGER_COLUMNS = [
  'time',
  'orderNo',
  'direction',
  'transactionType',
  'amount',
  'actualAmount',
  'balance',
] as const;

/** The row's amount with the sign of its direction: money in is positive, money out negative. */
export function signedAmount(row: LedgerRow): string {
  return row.direction === 'expense' ? `-${row.amount}` : row.amount;
}

/** What moved the balance, signed the same way: a voucher-paid part of an expense is in the amount, not here. */
function signedActualAmount(row: LedgerRow): string {
  return row.direction === 'expense' && /[1-9]/.test(row.actualAmount) ? `-${row.actualAmount}` : row.actualAmount;
}

/**
 * The rows as a CSV file under the table's headers, in the language `t` speaks. Times are local and sortable
 * (YYYY-MM-DD HH:mm:ss) and amounts plain yuan, so that a spreadsheet reads them as times and numbers. Both amounts
 * carry the sign of their direction, so the file foots as the statement does: each balance after is the one before
 * plus the actual amount.
 */
export function ledgerCsv(rows: readonly LedgerRow[], t: (key: string) => string): string {
  const header = LEDGER_COLUMNS.map((column) => t(`ledger.columns.${column}`));
  const lines = rows.map((row) => [
    csvTime(row.createTime),
    row.orderNo,
    t(`contract:${TransactionDirection.labelKey(row.direction)}`),
    t(`contract:${TransactionType.labelKey(row.transactionType)}`),
    signedAmount(row),
    signedActualAmount(row),
    row.balance,
  ]);
  return toCsv([header, ...lines]);
}
