import { Card, Tag, type TableColumnsType } from 'antd';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { PagedTable } from '@/shared/ui/paged-table';
import { useWithdrawals, type Withdrawals } from '../api/partners';
import { usePartnersTranslation } from '../use-partners-translation';

type Row = Withdrawals['rows'][number];

/** The partner's withdrawals, newest first: amount, fee, what was paid, the payee and the status. */
export function WithdrawalsTable() {
  const { t } = usePartnersTranslation();
  const paged = useWithdrawals();
  const columns: TableColumnsType<Row> = [
    { key: 'applyTime', title: t('withdrawals.applyTime'), render: (_, row) => <DateTime value={row.applyTime} /> },
    {
      key: 'amount',
      title: t('withdrawals.amount'),
      align: 'right',
      render: (_, row) => <MoneyText value={row.amount} />,
    },
    { key: 'fee', title: t('withdrawals.fee'), align: 'right', render: (_, row) => <MoneyText value={row.fee} /> },
    {
      key: 'payout',
      title: t('withdrawals.payout'),
      align: 'right',
      render: (_, row) => <MoneyText value={row.payout} />,
    },
    {
      key: 'payee',
      title: t('withdrawals.payee'),
      render: (_, row) => `${t(`account.${row.payee}`)} · ${row.payeeName}`,
    },
    {
      key: 'status',
      title: t('withdrawals.status'),
      render: (_, row) => <Tag>{t(`withdrawals.statuses.${row.status}`)}</Tag>,
    },
    { key: 'note', title: t('withdrawals.note'), render: (_, row) => row.rejectNote ?? '' },
  ];
  return (
    <Card title={t('withdrawals.title')}>
      <PagedTable
        paged={paged}
        columns={columns}
        rowKey="id"
        scroll={{ x: 'max-content' }}
        emptyText={t('withdrawals.empty')}
        data-testid="partner-withdrawals"
      />
    </Card>
  );
}
