import { PowerPackage, PowerPointEntryKind } from '@suanli/contract';
import { Typography, type TableColumnsType } from 'antd';
import { DateTime } from '@/shared/ui/date-time';
import { PagedTable } from '@/shared/ui/paged-table';
import type { PagedQuery } from '@/shared/query/use-paged-query';
import type { PointsHistoryRow, PointsOverview } from '../api/get-points-overview';
import { PointsText } from './points-text';
import { usePowerTranslation } from '../use-power-translation';

/** The points history, newest first, paged on the server: purchases, monthly issues, API usage and expiries. */
export function PointsHistoryTable({ paged }: { paged: PagedQuery<PointsOverview> }) {
  const { t } = usePowerTranslation();
  const columns: TableColumnsType<PointsHistoryRow> = [
    { key: 'time', title: t('history.columns.time'), render: (_, row) => <DateTime value={row.createTime} /> },
    {
      key: 'kind',
      title: t('history.columns.kind'),
      render: (_, row) => t(`contract:${PowerPointEntryKind.labelKey(row.kind)}`),
    },
    {
      key: 'points',
      title: t('history.columns.points'),
      align: 'right',
      render: (_, row) => <PointsText value={row.points} signed />,
    },
    {
      key: 'source',
      title: t('history.columns.source'),
      render: (_, row) =>
        row.package && row.month && row.months
          ? t('history.packageMonth', {
              name: t(`contract:${PowerPackage.labelKey(row.package)}`),
              month: row.month,
              months: row.months,
            })
          : null,
    },
    {
      key: 'orderNo',
      title: t('history.columns.orderNo'),
      render: (_, row) => <Typography.Text copyable>{row.orderNo}</Typography.Text>,
    },
  ];
  return (
    <PagedTable
      paged={paged}
      columns={columns}
      rowKey="entryId"
      scroll={{ x: 'max-content' }}
      emptyText={t('history.empty')}
      data-testid="power-history"
    />
  );
}
