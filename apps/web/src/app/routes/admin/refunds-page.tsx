import { RefundsTable } from '@/features/admin-finance/components/refunds-table';
import { useAdminFinanceTranslation } from '@/features/admin-finance/use-admin-finance-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The finance desk's refunds: find a paid recharge and give back all or part of it. */
export function RefundsPage() {
  const { t } = useAdminFinanceTranslation();
  return (
    <>
      <PageHeader title={t('refunds.title')} />
      <RefundsTable />
    </>
  );
}
