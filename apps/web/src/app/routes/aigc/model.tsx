import { useTranslation } from 'react-i18next';
import { ModelCatalogue } from '@/features/models/components/model-catalogue';
import { PageHeader } from '@/shared/ui/page-header';

/** Spec §2 model center, open to guests and kept alive: the models by type, with search and likes. */
export default function ModelPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('model.title')} />
      <ModelCatalogue />
    </>
  );
}
