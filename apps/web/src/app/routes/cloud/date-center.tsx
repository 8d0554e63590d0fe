import { useTranslation } from 'react-i18next';
import { CloudSpacePanel } from '@/features/cloud-space/components/cloud-space-panel';
import { PageHeader } from '@/shared/ui/page-header';

/** Spec §2 `/dateCenter`: my data, the personal cloud space. */
export default function DateCenterPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('dateCenter.title')} />
      <CloudSpacePanel />
    </>
  );
}
