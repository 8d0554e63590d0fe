import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HelpCenter } from '@/features/help/components/help-center';
import { DEFAULT_DOC, isHelpDoc } from '@/features/help/docs';
import { PageHeader } from '@/shared/ui/page-header';

/** The help center at /help and /help/<page>; an unknown page shows the first one. */
export default function HelpCenterPage() {
  const { t } = useTranslation('routes');
  const { doc } = useParams();
  return (
    <>
      <PageHeader title={t('help.title')} />
      <HelpCenter doc={isHelpDoc(doc) ? doc : DEFAULT_DOC} />
    </>
  );
}
