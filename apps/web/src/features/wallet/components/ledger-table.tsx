import { TransactionDirection, TransactionType } from '@suanli/contract';
import { Flex, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { PagedTable } from '@/shared/ui/paged-table';
import { useLedgerPages, type LedgerFilters, type LedgerRow } from '../api/list-ledger';
import { LedgerExportButton } from './ledger-export-button';
import { LedgerFilterBar } from './ledger-filter-bar';
import { LEDGER_COLUMNS, signedAmount } from './ledger-csv';
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

interface LedgerTableProps {
  /** Drawn between the filters and the table, for the filters in force: the page puts the income/expense chart there. */
  aboveTable?: (filters: LedgerFilters) => ReactNode;
}

/** The user's income and expense, newest first, filtered on the server, with a CSV export of what the filters select. */
export function LedgerTable({ aboveTable }: LedgerTableProps) {
  const { t } = useWalletTranslation();
  const ledger = useLedgerPages();
  const { direction, transactionType, startDate, endDate } = ledger.params;
  const filters = { direction, transactionType, startDate, endDate };
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const columns: TableColumnsType<LedgerRow> = LEDGER_COLUMNS.map((column) => ({
    key: column,
    title: t(`ledger.columns.${column}`),
    align: MONEY_COLUMNS.includes(column) ? 'right' : 'left',
    render: (_, row) => CELLS[column](row, t),
  }));

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <LedgerFilterBar onChange={(next) => ledger.change({ filters: next })} />
        <LedgerExportButton filters={filters} disabled={ledger.total === 0} />
      </Flex>
      {aboveTable?.(filters)}
      <PagedTable
        paged={ledger}
        columns={columns}
        rowKey="entryId"
        scroll={{ x: 'max-content' }}
        emptyText={t(filtered ? 'ledger.emptyFiltered' : 'ledger.empty')}
        data-testid="ledger-table"
      />
    </Flex>
  );
}
