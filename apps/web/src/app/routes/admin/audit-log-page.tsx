import type { AuditFilters } from '@/features/admin-console/api/list-audit-log';
import { useAuditPages } from '@/features/admin-console/api/list-audit-log';
import { AuditExportButton } from '@/features/admin-console/components/audit-export-button';
import { AuditLogFilters } from '@/features/admin-console/components/audit-log-filters';
import { AuditLogTable } from '@/features/admin-console/components/audit-log-table';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The audit log: filters, the paged table and the CSV of every row the filters select. */
export function AuditLogPage() {
  const { t } = useAdminConsoleTranslation();
  const paged = useAuditPages();
  const { pageNum: _page, pageSize: _size, sort: _sort, ...filters } = paged.params;
  return (
    <>
      <PageHeader title={t('pages.auditLog')} extra={<AuditExportButton filters={filters as AuditFilters} />} />
      <AuditLogFilters onChange={(next) => paged.change({ filters: next })} />
      <AuditLogTable paged={paged} />
    </>
  );
}
