import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { AddGpuModelDialog } from '@/features/admin-fleet/components/price-dialogs';
import { DiscountTables, GpuModelsTable } from '@/features/admin-fleet/components/price-tables';
import { useAdminFleetTranslation } from '@/features/admin-fleet/use-admin-fleet-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** GPU models and their prices, the duration discounts and the VIP discounts. */
export function FleetPricesPage() {
  const { t: pageT } = useAdminConsoleTranslation();
  const { t } = useAdminFleetTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title={pageT('pages.fleetPrices')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="fleet-add-model-open"
          >
            {t('prices.add')}
          </Button>
        }
      />
      <GpuModelsTable />
      <DiscountTables />
      {adding ? <AddGpuModelDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}
