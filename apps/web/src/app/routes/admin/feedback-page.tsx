import { FeedbackTable } from '@/features/admin-support/components/feedback-table';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** Users' feedback, which an operator of the support area reads and adopts. */
export function FeedbackPage() {
  const { t } = useAdminConsoleTranslation();
  return (
    <>
      <PageHeader title={t('pages.feedback')} />
      <FeedbackTable />
    </>
  );
}
