import { Table, type TableColumnsType } from 'antd';
import { ScrollRegion } from '@/shared/ui/scroll-region';
import { useFleetRegions } from '../api/fleet-reads';
import { useAdminFleetTranslation } from '../use-admin-fleet-translation';
import { regionName } from './region-name';

type RegionRow = NonNullable<ReturnType<typeof useFleetRegions>['data']>[number];

/** Every region with its hosts and GPUs counted: the few rows of the fleet's overview, not paged. */
export function RegionsTable() {
  const { t, i18n } = useAdminFleetTranslation();
  const regions = useFleetRegions();
  const columns: TableColumnsType<RegionRow> = [
    { key: 'name', title: t('regions.name'), render: (_, row) => regionName(row, i18n) },
    { key: 'hosts', title: t('regions.hosts'), dataIndex: 'hosts' },
    { key: 'total', title: t('gpus.total'), render: (_, row) => row.gpus.total },
    { key: 'free', title: t('gpus.free'), render: (_, row) => row.gpus.free },
    { key: 'busy', title: t('gpus.busy'), render: (_, row) => row.gpus.busy },
    { key: 'broken', title: t('gpus.brokenCount'), render: (_, row) => row.gpus.broken },
  ];
  return (
    <ScrollRegion label={t('regions.title')} minWidth={520}>
      <Table<RegionRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={regions.data}
        loading={regions.isPending}
        pagination={false}
        data-testid="fleet-regions"
      />
    </ScrollRegion>
  );
}
