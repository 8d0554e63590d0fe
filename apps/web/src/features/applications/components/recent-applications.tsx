import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { DateTime } from '@/shared/ui/date-time';
import type { ApplicationRow } from '../api/list-applications';
import { useRecentApplications } from '../api/list-recent-applications';
import { ApplicationStatusTag } from './application-status-tag';
import { useApplicationsTranslation } from '../use-applications-translation';

/** The first applications of /myApp's list, with their status, for the console home's recent activity. */
export function RecentApplications() {
  const { t } = useApplicationsTranslation();
  const recent = useRecentApplications();
  const columns: TableColumnsType<ApplicationRow> = [
    {
      key: 'name',
      title: t('list.columns.name'),
      render: (_, row) => <span data-testid={`console-recent-app-${row.id}`}>{row.appName}</span>,
    },
    { key: 'status', title: t('list.columns.status'), render: (_, row) => <ApplicationStatusTag row={row} /> },
    {
      key: 'gpu',
      title: t('list.columns.gpu'),
      render: (_, row) => t('list.gpu', { model: row.gpuModel, count: row.gpuCount }),
    },
    { key: 'created', title: t('list.columns.created'), render: (_, row) => <DateTime value={row.createTime} /> },
  ];
  return (
    <Card
      title={t('console.recentApplications')}
      extra={<Link to="/myApp">{t('console.viewAll')}</Link>}
      data-testid="console-recent-applications"
    >
      <Table<ApplicationRow>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={recent.data?.rows ?? []}
        loading={recent.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.emptyAll')} /> }}
      />
    </Card>
  );
}
