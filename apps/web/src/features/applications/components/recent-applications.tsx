import type { TableColumnsType } from 'antd';
import { DateTime } from '@/shared/ui/date-time';
import { RecentTableCard } from '@/shared/ui/recent-table-card';
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
    <RecentTableCard<ApplicationRow>
      title={t('console.recentApplications')}
      viewAll={{ to: '/myApp', label: t('console.viewAll') }}
      testId="console-recent-applications"
      rowKey="id"
      columns={columns}
      rows={recent.data?.rows}
      loading={recent.isPending}
      emptyText={t('list.emptyAll')}
    />
  );
}
