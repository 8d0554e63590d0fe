import { useTranslation } from 'react-i18next';
import { CopyToApplicationDialog } from '@/features/applications/components/copy-to-application-dialog';
import { copyToApplication } from '@/features/cloud-space/api/cloud-space';
import { CloudSpacePanel } from '@/features/cloud-space/components/cloud-space-panel';
import { PageHeader } from '@/shared/ui/page-header';
import { useCloudSpaceTranslation } from '@/features/cloud-space/use-cloud-space-translation';

/** Spec §2 `/dateCenter`: my data, the personal cloud space, whose entries copy into applications. */
export default function DateCenterPage() {
  const { t } = useTranslation('routes');
  const { t: tCloud } = useCloudSpaceTranslation();
  return (
    <>
      <PageHeader title={t('dateCenter.title')} />
      <CloudSpacePanel
        copyDialog={(entry, onClose) => (
          <CopyToApplicationDialog
            open
            onClose={onClose}
            title={tCloud('copy.title', { name: entry.name })}
            defaultPath="/data"
            start={(target) => copyToApplication(entry, target)}
          />
        )}
      />
    </>
  );
}
