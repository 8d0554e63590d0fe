import { TransactionType } from '@suanli/contract';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { useLatestLedgerRows, type LedgerRow } from '../api/list-ledger';
import { signedAmount } from './ledger-csv';

/** The newest entries of the income and expense ledger, for the console home's recent activity. */
export function RecentLedger() {
  const { t } = useTranslation('wallet');
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
    <Card
      title={t('ledger.recent.title')}
      extra={<Link to="/revAndexp">{t('ledger.recent.viewAll')}</Link>}
      data-testid="console-recent-ledger"
    >
      <Table<LedgerRow>
        size="small"
        rowKey="entryId"
        columns={columns}
        dataSource={ledger.data?.rows ?? []}
        loading={ledger.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ledger.empty')} /> }}
      />
    </Card>
  );
}
