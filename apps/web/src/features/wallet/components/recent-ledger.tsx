import { TransactionType } from '@suanli/contract';
import type { TableColumnsType } from 'antd';
import { RecentTableCard } from '@/shared/ui/recent-table-card';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { useLatestLedgerRows, type LedgerRow } from '../api/list-ledger';
import { signedAmount } from './ledger-csv';
import { useWalletTranslation } from '../use-wallet-translation';

/** The newest entries of the income and expense ledger, for the console home's recent activity. */
export function RecentLedger() {
  const { t } = useWalletTranslation();
  const ledger = useLatestLedgerRows();
  const columns: TableColumnsType<LedgerRow> = [
    { key: 'time', title: t('ledger.columns.time'), render: (_, row) => <DateTime value={row.createTime} /> },
    {
      key: 'type',
      title: t('ledger.columns.transactionType'),
      render: (_, row) => t(`contract:${TransactionType.labelKey(row.transactionType)}`),
    },
    {
      key: 'amount',
      title: t('ledger.columns.amount'),
      align: 'right',
      render: (_, row) => <MoneyText value={signedAmount(row)} signed />,
    },
    {
      key: 'balance',
      title: t('ledger.columns.balance'),
      align: 'right',
      render: (_, row) => <MoneyText value={row.balance} />,
    },
  ];
  return (
    <RecentTableCard<LedgerRow>
      title={t('ledger.recent.title')}
      viewAll={{ to: '/revAndexp', label: t('ledger.recent.viewAll') }}
      testId="console-recent-ledger"
      rowKey="entryId"
      columns={columns}
      rows={ledger.data?.rows}
      loading={ledger.isPending}
      emptyText={t('ledger.empty')}
    />
  );
}
