import { ImageSubmissionsTable } from '@/features/admin-support/components/image-submissions-table';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** Creators' images submitted to the community, waiting for an operator of the review area to publish or reject them. */
export function ImageReviewPage() {
  const { t } = useAdminConsoleTranslation();
  return (
    <>
      <PageHeader title={t('pages.imageReview')} />
      <ImageSubmissionsTable />
    </>
  );
}
