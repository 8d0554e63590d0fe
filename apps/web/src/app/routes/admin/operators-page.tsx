import { Divider } from 'antd';
import { OperatorAreaForm } from '@/features/admin-console/components/operator-area-form';
import { OperatorsTable } from '@/features/admin-console/components/operators-table';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** Who holds which area, and the form by which an administrator grants and revokes them. */
export function OperatorsPage() {
  const { t } = useAdminConsoleTranslation();
  return (
    <>
      <PageHeader title={t('pages.operators')} />
      <OperatorsTable />
      <Divider />
      <OperatorAreaForm />
    </>
  );
}
