import { ReconciliationsTable } from '@/features/admin-finance/components/reconciliations-table';
import { useAdminFinanceTranslation } from '@/features/admin-finance/use-admin-finance-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The daily reconciliation of the payment providers' clearing against the recharges. */
export function ReconciliationsPage() {
  const { t } = useAdminFinanceTranslation();
  return (
    <>
      <PageHeader title={t('reconciliations.title')} />
      <ReconciliationsTable />
    </>
  );
}
