import { BillingMode } from '@suanli/contract';
import type { TableColumnsType } from 'antd';
import { DateTime } from '@/shared/ui/date-time';
import { PagedTable } from '@/shared/ui/paged-table';
import type { ApplicationRow } from '../api/list-applications';
import { ApplicationActions } from './application-actions';
import type { ApplicationListViewProps } from './application-cards';
import { ApplicationCostCell } from './application-cost-cell';
import { dataDiskText } from './application-facts';
import { ApplicationNameCell } from './application-name-cell';
import { ApplicationStatusTag } from './application-status-tag';
import { TermCell } from './application-term-cell';
import { useApplicationsTranslation } from '../use-applications-translation';

/** The list on a wide screen: a row per application, its actions kept in view at the right edge. */
export function ApplicationRowsTable({ paged, emptyText, actionsOf }: ApplicationListViewProps) {
  const { t } = useApplicationsTranslation();
  const columns: TableColumnsType<ApplicationRow> = [
    { key: 'name', title: t('list.columns.name'), render: (_, row) => <ApplicationNameCell row={row} /> },
    { key: 'status', title: t('list.columns.status'), render: (_, row) => <ApplicationStatusTag row={row} /> },
    { key: 'image', title: t('list.columns.image'), dataIndex: 'imageName' },
    {
      key: 'gpu',
      title: t('list.columns.gpu'),
      render: (_, row) => t('list.gpu', { model: row.gpuModel, count: row.gpuCount }),
    },
    { key: 'region', title: t('list.columns.region'), dataIndex: 'regionName' },
    {
      key: 'billing',
      title: t('list.columns.billingMode'),
      render: (_, row) => t(`contract:${BillingMode.labelKey(row.billingMode)}`),
    },
    { key: 'disk', title: t('create.disk.data'), render: (_, row) => dataDiskText(row, t) },
    {
      key: 'cost',
      title: t('list.columns.cost'),
      align: 'right',
      render: (_, row) => <ApplicationCostCell row={row} />,
    },
    { key: 'created', title: t('list.columns.created'), render: (_, row) => <DateTime value={row.createTime} /> },
    { key: 'term', title: t('list.columns.term'), render: (_, row) => <TermCell row={row} /> },
    {
      key: 'actions',
      title: t('list.columns.actions'),
      // Kept in view at the right edge however wide the other columns grow (the English labels, long names).
      fixed: 'right',
      render: (_, row) => <ApplicationActions row={row} {...actionsOf(row)} />,
    },
  ];

  return (
    <PagedTable
      paged={paged}
      columns={columns}
      rowKey="id"
      scroll={{ x: 'max-content' }}
      emptyText={emptyText}
      data-testid="app-table"
    />
  );
}
