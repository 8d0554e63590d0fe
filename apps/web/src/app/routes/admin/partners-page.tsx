import { Divider } from 'antd';
import { PartnerForm } from '@/features/admin-support/components/partner-form';
import { PartnersTable } from '@/features/admin-support/components/partners-table';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The KOL and creator programme: an operator of the review area lists the partners, revokes one for abuse or restores them. */
export function PartnersPage() {
  const { t } = useAdminConsoleTranslation();
  return (
    <>
      <PageHeader title={t('pages.partners')} />
      <PartnerForm />
      <Divider />
      <PartnersTable />
    </>
  );
}
