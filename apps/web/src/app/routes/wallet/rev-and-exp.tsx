import { useTranslation } from 'react-i18next';
import { IncomeExpenseChart } from '@/features/wallet/components/income-expense-chart';
import { LedgerTable } from '@/features/wallet/components/ledger-table';
import { PageHeader } from '@/shared/ui/page-header';
import { PlainCard } from '@/shared/ui/plain-card';

/**
 * Spec §2 income and expense detail: the user's ledger, filtered, paged and exported, with its chart by day or month
 * (issue 10) drawn for the same filters. The chart is of our own (shared/ui/bar-chart), so the page's chunk carries no
 * charting library.
 */
export default function RevAndExpPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('revAndexp.title')} description={t('revAndexp.description')} />
      <PlainCard>
        <LedgerTable aboveTable={(filters) => <IncomeExpenseChart filters={filters} />} />
      </PlainCard>
    </>
  );
}
