import { ApplicationStatus, BillingMode } from '@suanli/contract';
import { Alert, Button, Empty, Flex, Segmented, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { PagedTable } from '@/shared/ui/paged-table';
import { useWideScreen } from '@/shared/ui/use-wide-screen';
import { useApplicationPages, type ApplicationRow, type Status } from '../api/list-applications';
import { ApplicationActions, type ApplicationActionsProps } from './application-actions';
import { ApplicationCards } from './application-cards';
import { ApplicationCostCell } from './application-cost-cell';
import { dataDiskText } from './application-facts';
import { ApplicationNameCell } from './application-name-cell';
import { ApplicationStatusTag } from './application-status-tag';
import { TermCell } from './application-term-cell';
import { useApplicationsTranslation } from '../use-applications-translation';

const ALL = 'all';

/** The statuses one can filter by; destroyed applications are not listed at all. */
export const FILTER_STATUSES = ApplicationStatus.values.filter((status) => status !== 'destroyed');

export const isFilterStatus = (value: string | null): value is Status =>
  FILTER_STATUSES.some((status) => status === value);

interface ApplicationTableProps {
  initialStatus: Status | undefined;
  onStatusChange: (status: Status | undefined) => void;
  onCreate: () => void;
  onRecreate: (imageId: string) => void;
}

/** The user's applications, paged by the server, pinned first: polled every 2 s while any is changing status. */
export function ApplicationTable({ initialStatus, onStatusChange, onCreate, onRecreate }: ApplicationTableProps) {
  const { t } = useApplicationsTranslation();
  const [destroying, setDestroying] = useState<ReadonlySet<string>>(new Set());
  const paged = useApplicationPages({ status: initialStatus }, destroying);
  const status = paged.params.status;
  const wide = useWideScreen();
  const actionsOf = (row: ApplicationRow): Omit<ApplicationActionsProps, 'row'> => ({
    destroying: destroying.has(row.id),
    onDestroyed: () => setDestroying((current) => new Set(current).add(row.id)),
    onRecreate,
  });

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

  const choose = (value: string) => {
    const next = value === ALL ? undefined : (value as Status);
    paged.change({ filters: { status: next } });
    onStatusChange(next);
  };

  const noneYet = paged.query.isSuccess && paged.total === 0 && status === undefined;

  return (
    <Flex vertical gap={16}>
      <Segmented<string>
        value={status ?? ALL}
        onChange={choose}
        options={[
          { value: ALL, label: <span data-testid="app-filter-all">{t('list.allStatuses')}</span> },
          ...FILTER_STATUSES.map((value) => ({
            value,
            label: (
              <span data-testid={`app-filter-${value}`}>{t(`contract:${ApplicationStatus.labelKey(value)}`)}</span>
            ),
          })),
        ]}
        aria-label={t('list.statusFilter')}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      {paged.query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('list.error')}
          action={<Button onClick={() => void paged.query.refetch()}>{t('list.retry')}</Button>}
        />
      ) : null}
      {noneYet ? (
        <Empty description={t('list.emptyAll')} data-testid="app-empty">
          <Button type="primary" onClick={onCreate} data-testid="app-empty-create">
            {t('create.open')}
          </Button>
        </Empty>
      ) : !wide ? (
        <ApplicationCards paged={paged} emptyText={t('list.emptyFiltered')} actionsOf={actionsOf} />
      ) : (
        <PagedTable
          paged={paged}
          columns={columns}
          rowKey="id"
          scroll={{ x: 'max-content' }}
          emptyText={t('list.emptyFiltered')}
          data-testid="app-table"
        />
      )}
    </Flex>
  );
}
