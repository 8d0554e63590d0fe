import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { LedgerTable } from '@/features/wallet/components/ledger-table';
import { PageHeader } from '@/shared/ui/page-header';

/** Spec §2 income and expense detail: the user's ledger, filtered, paged and exported. */
export default function RevAndExpPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('revAndexp.title')} />
      <Card>
        <LedgerTable />
      </Card>
    </>
  );
}
