import { Button, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { PagedQuery } from '@/shared/query/use-paged-query';
import { PagedTable } from '@/shared/ui/paged-table';
import { ScrollRegion } from '@/shared/ui/scroll-region';
import { useHideModel } from '../api/catalogue-changes';
import type { CatalogueFilters, DeskModel, ModelPage } from '../api/catalogue-reads';
import { useAdminCatalogueTranslation } from '../use-admin-catalogue-translation';
import { HideDialog } from './hide-dialog';
import { ModelFormDialog } from './model-dialogs';
import { useBilingualName } from './bilingual-name';
import { VisibilityTag } from './visibility-tag';

/** A page of the model center's models; each is edited, hidden or shown from its row. */
export function ModelsTable({ paged }: { paged: PagedQuery<ModelPage, CatalogueFilters> }) {
  const { t } = useAdminCatalogueTranslation();
  const name = useBilingualName();
  const hide = useHideModel();
  const [change, setChange] = useState<{ model: DeskModel; action: 'edit' | 'hide' } | null>(null);
  const close = () => setChange(null);

  const columns: TableColumnsType<DeskModel> = [
    { key: 'name', title: t('models.name'), render: (_, model) => name(model) },
    { key: 'key', title: t('models.key'), dataIndex: 'key' },
    {
      key: 'type',
      title: t('models.type'),
      render: (_, model) => name({ nameZh: model.typeNameZh, nameEn: model.typeNameEn }),
    },
    { key: 'version', title: t('models.modelVersion'), dataIndex: 'modelVersion' },
    { key: 'visibility', title: t('visibility.title'), render: (_, model) => <VisibilityTag hidden={model.hidden} /> },
    {
      key: 'actions',
      title: t('actions'),
      render: (_, model) => (
        <Flex gap={4} wrap>
          <Button size="small" onClick={() => setChange({ model, action: 'edit' })} data-testid="catalogue-model-edit">
            {t('edit')}
          </Button>
          <Button
            size="small"
            danger={!model.hidden}
            onClick={() => setChange({ model, action: 'hide' })}
            data-testid="catalogue-model-hide"
          >
            {model.hidden ? t('show.ok') : t('hide.ok')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <ScrollRegion label={t('models.title')} minWidth={760}>
        <PagedTable<ModelPage, CatalogueFilters>
          paged={paged}
          rowKey="id"
          columns={columns}
          emptyText={t('models.empty')}
          data-testid="catalogue-models"
        />
      </ScrollRegion>
      {change?.action === 'edit' ? <ModelFormDialog model={change.model} onClose={close} /> : null}
      {change?.action === 'hide' ? (
        <HideDialog
          kind="model"
          name={name(change.model)}
          hidden={change.model.hidden}
          onSubmit={(body) => hide.mutateAsync({ ...body, id: change.model.id, version: change.model.version })}
          onClose={close}
        />
      ) : null}
    </>
  );
}
