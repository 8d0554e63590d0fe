import { LedgerCheckView } from '@/features/admin-finance/components/ledger-check-view';
import { useAdminFinanceTranslation } from '@/features/admin-finance/use-admin-finance-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The ledger check on the finance desk: a whole ledger, or each account that fails it. */
export function LedgerCheckPage() {
  const { t } = useAdminFinanceTranslation();
  return (
    <>
      <PageHeader title={t('ledgerCheck.title')} />
      <LedgerCheckView />
    </>
  );
}
