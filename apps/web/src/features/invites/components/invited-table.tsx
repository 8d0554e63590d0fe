import { Alert, Card, Flex, Statistic, Tag, type TableColumnsType } from 'antd';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { PagedTable } from '@/shared/ui/paged-table';
import { useInvitedPages, type InvitedRow } from '../api/list-invited';
import { useInvitesTranslation } from '../use-invites-translation';

/** The friends who registered with the caller's code (spec §3 Invite reward), with the totals above them. */
export function InvitedTable() {
  const { t } = useInvitesTranslation();
  const invited = useInvitedPages();
  const page = invited.query.data;
  const columns: TableColumnsType<InvitedRow> = [
    { key: 'nickName', title: t('invited.columns.nickName'), render: (_, row) => row.nickName },
    {
      key: 'registerTime',
      title: t('invited.columns.registerTime'),
      render: (_, row) => <DateTime value={row.registerTime} />,
    },
    {
      key: 'rewardTime',
      title: t('invited.columns.rewardTime'),
      render: (_, row) =>
        row.rewardTime ? (
          <DateTime value={row.rewardTime} />
        ) : row.awaitingVerification ? (
          <Tag color="warning">{t('invited.awaitingVerification')}</Tag>
        ) : (
          t('invited.noReward')
        ),
    },
    {
      key: 'amount',
      title: t('invited.columns.amount'),
      align: 'right',
      render: (_, row) => <MoneyText value={row.amount} data-testid="invited-amount" />,
    },
  ];
  return (
    <Card title={t('invited.title')}>
      <Flex vertical gap={16}>
        {invited.query.isError ? <Alert type="error" showIcon title={t('errors.list')} /> : null}
        <Flex gap={48} wrap>
          <Statistic title={t('invited.count')} value={page?.total ?? 0} data-testid="invited-count" />
          <Statistic
            title={t('invited.totalAmount')}
            value={page?.totalAmount ?? '0.00'}
            prefix="¥"
            data-testid="invited-total"
          />
        </Flex>
        <PagedTable
          paged={invited}
          columns={columns}
          rowKey="id"
          scroll={{ x: 'max-content' }}
          emptyText={t('invited.empty')}
          data-testid="invited-table"
        />
      </Flex>
    </Card>
  );
}
