import { BankOrdersTable } from '@/features/admin-finance/components/bank-orders-table';
import { useAdminFinanceTranslation } from '@/features/admin-finance/use-admin-finance-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The finance desk's queue of bank transfers: find the order a statement's remark names, confirm or reject it. */
export function BankOrdersPage() {
  const { t } = useAdminFinanceTranslation();
  return (
    <>
      <PageHeader title={t('bankOrders.title')} />
      <BankOrdersTable />
    </>
  );
}
