import { ConsultationsTable } from '@/features/admin-support/components/consultations-table';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** Business consultation leads, which an operator of the support area contacts and marks handled. */
export function ConsultationsPage() {
  const { t } = useAdminConsoleTranslation();
  return (
    <>
      <PageHeader title={t('pages.consultations')} />
      <ConsultationsTable />
    </>
  );
}
