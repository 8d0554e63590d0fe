import { AuditLogTable } from '@/features/admin-console/components/audit-log-table';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The audit log: filters, the paged table and the CSV of every row the filters select. */
export function AuditLogPage() {
  const { t } = useAdminConsoleTranslation();
  return (
    <>
      <PageHeader title={t('pages.auditLog')} />
      <AuditLogTable />
    </>
  );
}
