import { Form, Input } from 'antd';
import { useAddRegion, useRenameRegion } from '../api/fleet-changes';
import type { RegionRow } from '../api/fleet-reads';
import { useAdminFleetTranslation } from '../use-admin-fleet-translation';
import { ReasonDialog } from '@/shared/ui/reason-dialog';

interface RegionNames {
  nameZh: string;
  nameEn: string;
}

function NameItems() {
  const { t } = useAdminFleetTranslation();
  return (
    <>
      {(['nameZh', 'nameEn'] as const).map((name) => {
        const key = name === 'nameZh' ? 'regionNameZh' : 'regionNameEn';
        return (
          <Form.Item
            key={name}
            name={name}
            label={t(`regions.${name}`)}
            rules={[{ required: true, whitespace: true, message: t(`contract:validation.fleet.${key}`) }]}
          >
            <Input maxLength={32} autoComplete="off" data-testid={`fleet-region-${name}`} />
          </Form.Item>
        );
      })}
    </>
  );
}

/** Adds a region, named in both languages, after the configured ones; hosts can be added in it at once. */
export function AddRegionDialog({ onClose }: { onClose(): void }) {
  const { t } = useAdminFleetTranslation();
  const add = useAddRegion();
  return (
    <ReasonDialog<RegionNames & { id: string }>
      title={t('regions.add')}
      okText={t('regions.add')}
      doneText={t('regions.added')}
      onSubmit={(body) => add.mutateAsync(body)}
      onClose={onClose}
      testId="fleet-add-region"
    >
      <Form.Item
        name="id"
        label={t('regions.id')}
        extra={t('regions.idHint')}
        rules={[{ required: true, whitespace: true, message: t('contract:validation.fleet.newRegionId') }]}
      >
        <Input maxLength={32} autoComplete="off" data-testid="fleet-region-id" />
      </Form.Item>
      <NameItems />
    </ReasonDialog>
  );
}

/** Renames a region in both languages at the version the table showed. */
export function RenameRegionDialog({ region, onClose }: { region: RegionRow; onClose(): void }) {
  const { t } = useAdminFleetTranslation();
  const rename = useRenameRegion();
  return (
    <ReasonDialog<RegionNames>
      title={t('regions.renameTitle', { id: region.id })}
      okText={t('regions.rename')}
      doneText={t('regions.renamed')}
      initialValues={{ nameZh: region.nameZh, nameEn: region.nameEn }}
      onSubmit={(body) => rename.mutateAsync({ ...body, id: region.id, version: region.version })}
      onClose={onClose}
      testId="fleet-rename-region"
    >
      <NameItems />
    </ReasonDialog>
  );
}
