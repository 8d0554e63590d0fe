import { PlusOutlined } from '@ant-design/icons';
import { Button, Divider, Flex } from 'antd';
import { useState } from 'react';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { AddHostDialog } from '@/features/admin-fleet/components/host-dialogs';
import { AddRegionDialog } from '@/features/admin-fleet/components/region-dialogs';
import { HostsTable } from '@/features/admin-fleet/components/hosts-table';
import { RegionsTable } from '@/features/admin-fleet/components/regions-table';
import { useAdminFleetTranslation } from '@/features/admin-fleet/use-admin-fleet-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The fleet: regions with their GPUs counted (added and renamed here), then the hosts, filtered and paged. */
export function FleetHostsPage() {
  const { t: pageT } = useAdminConsoleTranslation();
  const { t } = useAdminFleetTranslation();
  const [adding, setAdding] = useState<'host' | 'region' | null>(null);
  return (
    <>
      <PageHeader
        title={pageT('pages.fleetHosts')}
        extra={
          <Flex gap={8} wrap>
            <Button icon={<PlusOutlined />} onClick={() => setAdding('region')} data-testid="fleet-add-region-open">
              {t('regions.add')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setAdding('host')}
              data-testid="fleet-add-host-open"
            >
              {t('hosts.add')}
            </Button>
          </Flex>
        }
      />
      <RegionsTable />
      <Divider />
      <HostsTable />
      {adding === 'host' ? <AddHostDialog onClose={() => setAdding(null)} /> : null}
      {adding === 'region' ? <AddRegionDialog onClose={() => setAdding(null)} /> : null}
    </>
  );
}
