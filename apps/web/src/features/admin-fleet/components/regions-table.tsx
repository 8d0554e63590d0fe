import { Button, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ScrollRegion } from '@/shared/ui/scroll-region';
import { useFleetRegions, type RegionRow } from '../api/fleet-reads';
import { useAdminFleetTranslation } from '../use-admin-fleet-translation';
import { regionName } from './region-name';
import { RenameRegionDialog } from './region-dialogs';

/** Every region with its hosts and GPUs counted: the few rows of the fleet's overview, not paged; each renamed here. */
export function RegionsTable() {
  const { t, i18n } = useAdminFleetTranslation();
  const regions = useFleetRegions();
  const [renaming, setRenaming] = useState<RegionRow | null>(null);
  const columns: TableColumnsType<RegionRow> = [
    { key: 'name', title: t('regions.name'), render: (_, row) => regionName(row, i18n) },
    { key: 'id', title: t('regions.id'), dataIndex: 'id' },
    { key: 'hosts', title: t('regions.hosts'), dataIndex: 'hosts' },
    { key: 'total', title: t('gpus.total'), render: (_, row) => row.gpus.total },
    { key: 'free', title: t('gpus.free'), render: (_, row) => row.gpus.free },
    { key: 'busy', title: t('gpus.busy'), render: (_, row) => row.gpus.busy },
    { key: 'broken', title: t('gpus.brokenCount'), render: (_, row) => row.gpus.broken },
    { key: 'managedBy', title: t('hosts.managedBy'), render: (_, row) => t(`managedBy.${row.managedBy}`) },
    {
      key: 'actions',
      title: t('actions'),
      render: (_, row) => (
        <Button size="small" onClick={() => setRenaming(row)} data-testid={`fleet-region-rename-${row.id}`}>
          {t('regions.rename')}
        </Button>
      ),
    },
  ];
  return (
    <ScrollRegion label={t('regions.title')} minWidth={820}>
      <Table<RegionRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={regions.data}
        loading={regions.isPending}
        pagination={false}
        data-testid="fleet-regions"
      />
      {renaming ? <RenameRegionDialog region={renaming} onClose={() => setRenaming(null)} /> : null}
    </ScrollRegion>
  );
}
