import { NoticesTable } from '@/features/admin-support/components/notices-table';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** Platform notices, which an operator of the support area writes, schedules and withdraws. */
export function NoticesPage() {
  const { t } = useAdminConsoleTranslation();
  return (
    <>
      <PageHeader title={t('pages.notices')} />
      <NoticesTable />
    </>
  );
}
