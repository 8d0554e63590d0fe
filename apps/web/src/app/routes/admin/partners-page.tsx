import { PartnerForm } from '@/features/admin-support/components/partner-form';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The KOL and creator programme: an operator of the review area revokes a partner for abuse, or restores them. */
export function PartnersPage() {
  const { t } = useAdminConsoleTranslation();
  return (
    <>
      <PageHeader title={t('pages.partners')} />
      <PartnerForm />
    </>
  );
}
