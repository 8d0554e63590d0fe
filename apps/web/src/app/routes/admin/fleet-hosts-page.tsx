import { PlusOutlined } from '@ant-design/icons';
import { Button, Divider } from 'antd';
import { useState } from 'react';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { useHostPages } from '@/features/admin-fleet/api/fleet-reads';
import { AddHostDialog } from '@/features/admin-fleet/components/host-dialogs';
import { HostFilters } from '@/features/admin-fleet/components/host-filters';
import { HostsTable } from '@/features/admin-fleet/components/hosts-table';
import { RegionsTable } from '@/features/admin-fleet/components/regions-table';
import { useAdminFleetTranslation } from '@/features/admin-fleet/use-admin-fleet-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The fleet: regions with their GPUs counted, then the hosts, filtered and paged, each with its GPUs. */
export function FleetHostsPage() {
  const { t: pageT } = useAdminConsoleTranslation();
  const { t } = useAdminFleetTranslation();
  const paged = useHostPages();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title={pageT('pages.fleetHosts')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="fleet-add-host-open"
          >
            {t('hosts.add')}
          </Button>
        }
      />
      <RegionsTable />
      <Divider />
      <HostFilters onChange={(filters) => paged.change({ filters })} />
      <HostsTable paged={paged} />
      {adding ? <AddHostDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}
