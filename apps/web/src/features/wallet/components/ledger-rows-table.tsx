import { TransactionDirection, TransactionType } from '@suanli/contract';
import { Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { PagedTable } from '@/shared/ui/paged-table';
import type { LedgerRow } from '../api/list-ledger';
import { LEDGER_COLUMNS, signedAmount } from './ledger-csv';
import type { LedgerViewProps } from './ledger-cards';
import { useWalletTranslation } from '../use-wallet-translation';

type Column = (typeof LEDGER_COLUMNS)[number];

// What each column shows; the titles come from the same keys as the export's headers.
const CELLS: Record<Column, (row: LedgerRow, t: (key: string) => string) => ReactNode> = {
  time: (row) => <DateTime value={row.createTime} />,
  orderNo: (row) => <Typography.Text copyable>{row.orderNo}</Typography.Text>,
  direction: (row, t) => t(`contract:${TransactionDirection.labelKey(row.direction)}`),
  transactionType: (row, t) => t(`contract:${TransactionType.labelKey(row.transactionType)}`),
  amount: (row) => <MoneyText value={signedAmount(row)} signed />,
  actualAmount: (row) => <MoneyText value={row.actualAmount} />,
  balance: (row) => <MoneyText value={row.balance} />,
};

const MONEY_COLUMNS: readonly Column[] = ['amount', 'actualAmount', 'balance'];

/** The ledger on a wide screen: one column per field of the export, paged by the server. */
export function LedgerRowsTable({ ledger, emptyText }: LedgerViewProps) {
  const { t } = useWalletTranslation();
  const columns: TableColumnsType<LedgerRow> = LEDGER_COLUMNS.map((column) => ({
    key: column,
    title: t(`ledger.columns.${column}`),
    align: MONEY_COLUMNS.includes(column) ? 'right' : 'left',
    render: (_, row) => CELLS[column](row, t),
  }));
  return (
    <PagedTable
      paged={ledger}
      columns={columns}
      rowKey="entryId"
      scroll={{ x: 'max-content' }}
      emptyText={emptyText}
      data-testid="ledger-table"
    />
  );
}
