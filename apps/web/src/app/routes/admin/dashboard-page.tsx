import { Empty } from 'antd';
import { useMyOperatorAreas } from '@/features/admin-console/api/get-my-operator-areas';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { FleetSection } from '@/features/admin-dashboard/components/fleet-section';
import { MoneySection } from '@/features/admin-dashboard/components/money-section';
import { OperationsSection } from '@/features/admin-dashboard/components/operations-section';
import { UsersSection } from '@/features/admin-dashboard/components/users-section';
import { useAdminDashboardTranslation } from '@/features/admin-dashboard/use-admin-dashboard-translation';
import { PageHeader } from '@/shared/ui/page-header';

/**
 * The console's first page: one section per area the operator holds (users for support, money for finance, the fleet
 * for fleet, jobs and events for administrators), each read from its own endpoint, which only that area may call.
 */
export function DashboardPage() {
  const { t } = useAdminConsoleTranslation();
  const { t: dashboardT } = useAdminDashboardTranslation();
  const areas = useMyOperatorAreas().data ?? [];
  const sections = ['support', 'finance', 'fleet', 'admin'] as const;
  return (
    <>
      <PageHeader title={t('pages.dashboard')} />
      {sections.some((area) => areas.includes(area)) ? null : <Empty description={dashboardT('nothingHere')} />}
      {areas.includes('support') ? <UsersSection /> : null}
      {areas.includes('finance') ? <MoneySection /> : null}
      {areas.includes('fleet') ? <FleetSection /> : null}
      {areas.includes('admin') ? <OperationsSection /> : null}
    </>
  );
}
