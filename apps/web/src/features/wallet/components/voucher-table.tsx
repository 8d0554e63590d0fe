import { VoucherKind, VoucherSource, VoucherStatus } from '@suanli/contract';
import { Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { PagedTable } from '@/shared/ui/paged-table';
import { useVoucherPages, type VoucherList, type VoucherRow } from '../api/list-vouchers';
import { useWalletTranslation } from '../use-wallet-translation';

type Status = VoucherRow['status'];

// Usable is green, waiting is blue or orange, ended is grey, a problem is red.
const STATUS_COLORS: Record<Status, string> = {
  normal: 'success',
  pendingActivation: 'processing',
  awaitingInviteeFirstApp: 'warning',
  abnormal: 'error',
  invalid: 'default',
};

type Column = 'name' | 'kind' | 'amount' | 'balance' | 'status' | 'effectiveTime' | 'expireTime' | 'source';

const CELLS: Record<Column, (row: VoucherRow, t: (key: string) => string) => ReactNode> = {
  name: (row) => row.name,
  kind: (row, t) => t(`contract:${VoucherKind.labelKey(row.kind)}`),
  amount: (row) => <MoneyText value={row.amount} />,
  balance: (row) => <MoneyText value={row.balance} />,
  status: (row, t) => (
    <Tag color={STATUS_COLORS[row.status]} data-testid="voucher-status">
      {t(`contract:${VoucherStatus.labelKey(row.status)}`)}
    </Tag>
  ),
  effectiveTime: (row) => <DateTime value={row.effectiveTime} />,
  expireTime: (row) => <DateTime value={row.expireTime} />,
  source: (row, t) => t(`contract:${VoucherSource.labelKey(row.source)}`),
};

const MONEY_COLUMNS: readonly Column[] = ['amount', 'balance'];
// A usable list holds one kind; the ended list holds both, so it says which each is.
const COLUMNS: Record<VoucherList, readonly Column[]> = {
  vouchers: ['name', 'amount', 'balance', 'status', 'effectiveTime', 'expireTime', 'source'],
  coupons: ['name', 'amount', 'balance', 'status', 'effectiveTime', 'expireTime', 'source'],
  ended: ['name', 'kind', 'amount', 'balance', 'status', 'effectiveTime', 'expireTime', 'source'],
};

/** One voucher list (spec §3 Voucher), paged on the server. */
export function VoucherTable({ list }: { list: VoucherList }) {
  const { t } = useWalletTranslation();
  const vouchers = useVoucherPages(list);
  const columns: TableColumnsType<VoucherRow> = COLUMNS[list].map((column) => ({
    key: column,
    title: t(`vouchers.columns.${column}`),
    align: MONEY_COLUMNS.includes(column) ? 'right' : 'left',
    render: (_, row) => CELLS[column](row, t),
  }));
  return (
    <PagedTable
      paged={vouchers}
      columns={columns}
      rowKey="id"
      scroll={{ x: 'max-content' }}
      emptyText={t(`vouchers.empty.${list}`)}
      data-testid={`voucher-table-${list}`}
    />
  );
}
