import { InvoicesTable } from '@/features/admin-finance/components/invoices-table';
import { useAdminFinanceTranslation } from '@/features/admin-finance/use-admin-finance-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The finance desk's invoice applications: complete one with its invoice file, or reject it with a note. */
export function InvoicesPage() {
  const { t } = useAdminFinanceTranslation();
  return (
    <>
      <PageHeader title={t('invoices.title')} />
      <InvoicesTable />
    </>
  );
}
