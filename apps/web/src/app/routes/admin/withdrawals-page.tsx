import { WithdrawalsTable } from '@/features/admin-finance/components/withdrawals-table';
import { useAdminFinanceTranslation } from '@/features/admin-finance/use-admin-finance-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The finance desk's withdrawals: pay out a partner's request and approve it, or reject it with a note. */
export function WithdrawalsPage() {
  const { t } = useAdminFinanceTranslation();
  return (
    <>
      <PageHeader title={t('withdrawals.title')} />
      <WithdrawalsTable />
    </>
  );
}
