import { useTranslation } from 'react-i18next';
import { ImageBanner } from '@/features/catalogue/components/image-banner';
import { ImageCatalogue } from '@/features/catalogue/components/image-catalogue';
import { PageHeader } from '@/shared/ui/page-header';

/**
 * Spec §2 application center, the home page, open to guests (issue 11): the featured images, then the official and
 * community images as cards with their lowest price per hour, filtered by type, source and search.
 */
export default function ApplicationCenterPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('aigc.title')} />
      <ImageBanner />
      <ImageCatalogue />
    </>
  );
}
