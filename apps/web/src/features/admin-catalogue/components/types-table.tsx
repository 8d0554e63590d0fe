import { Button, Empty, Flex, Form, Input, InputNumber, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ReasonDialog } from '@/shared/ui/reason-dialog';
import { ScrollRegion } from '@/shared/ui/scroll-region';
import { useAddImageType, useHideImageType, useUpdateImageType, type ImageTypeBody } from '../api/catalogue-changes';
import { useImageTypes, type DeskImageType } from '../api/catalogue-reads';
import { useAdminCatalogueTranslation } from '../use-admin-catalogue-translation';
import { useRequiredRules } from './required-rules';
import { HideDialog } from './hide-dialog';
import { useBilingualName } from './bilingual-name';
import { VisibilityTag } from './visibility-tag';

/** Adds an image type at a place in the order, or renames and moves one at the version the table showed. */
export function TypeFormDialog({ type, onClose }: { type?: DeskImageType; onClose(): void }) {
  const { t } = useAdminCatalogueTranslation();
  const add = useAddImageType();
  const update = useUpdateImageType();
  const required = useRequiredRules();
  return (
    <ReasonDialog<Omit<ImageTypeBody, 'reason'>>
      title={type ? t('types.edit', { name: type.nameEn }) : t('types.add')}
      description={t('types.sortHint')}
      okText={type ? t('save') : t('types.add')}
      doneText={type ? t('types.saved') : t('types.added')}
      initialValues={type ? { nameZh: type.nameZh, nameEn: type.nameEn, sort: type.sort } : { sort: 0 }}
      onSubmit={(body) =>
        type ? update.mutateAsync({ ...body, id: type.id, version: type.version }) : add.mutateAsync(body)
      }
      onClose={onClose}
      testId="catalogue-type"
    >
      <Form.Item name="nameZh" label={t('fields.nameZh')} rules={required.text('typeName')}>
        <Input maxLength={32} autoComplete="off" data-testid="catalogue-type-name-zh" />
      </Form.Item>
      <Form.Item name="nameEn" label={t('fields.nameEn')} rules={required.text('typeName')}>
        <Input maxLength={64} autoComplete="off" data-testid="catalogue-type-name-en" />
      </Form.Item>
      <Form.Item name="sort" label={t('types.sort')} rules={required.number('sort')}>
        <InputNumber min={0} max={9999} precision={0} data-testid="catalogue-type-sort" />
      </Form.Item>
    </ReasonDialog>
  );
}

/** Every image type in display order; each is renamed, moved, hidden or shown from its row. */
export function TypesTable() {
  const { t } = useAdminCatalogueTranslation();
  const typeName = useBilingualName();
  const types = useImageTypes();
  const hide = useHideImageType();
  const [change, setChange] = useState<{ type: DeskImageType; action: 'edit' | 'hide' } | null>(null);
  const close = () => setChange(null);

  const columns: TableColumnsType<DeskImageType> = [
    { key: 'sort', title: t('types.sort'), dataIndex: 'sort' },
    { key: 'name', title: t('types.name'), render: (_, type) => typeName(type) },
    { key: 'images', title: t('types.images'), dataIndex: 'imageCount' },
    { key: 'visibility', title: t('visibility.title'), render: (_, type) => <VisibilityTag hidden={type.hidden} /> },
    {
      key: 'actions',
      title: t('actions'),
      render: (_, type) => (
        <Flex gap={4} wrap>
          <Button size="small" onClick={() => setChange({ type, action: 'edit' })} data-testid="catalogue-type-edit">
            {t('edit')}
          </Button>
          <Button
            size="small"
            danger={!type.hidden}
            onClick={() => setChange({ type, action: 'hide' })}
            data-testid="catalogue-type-hide"
          >
            {type.hidden ? t('show.ok') : t('hide.ok')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <ScrollRegion label={t('types.title')} minWidth={560}>
        <Table<DeskImageType>
          rowKey="id"
          columns={columns}
          dataSource={types.data}
          loading={types.isPending}
          pagination={false}
          locale={{ emptyText: types.isPending ? <span /> : <Empty description={t('types.empty')} /> }}
          data-testid="catalogue-types"
        />
      </ScrollRegion>
      {change?.action === 'edit' ? <TypeFormDialog type={change.type} onClose={close} /> : null}
      {change?.action === 'hide' ? (
        <HideDialog
          kind="type"
          name={typeName(change.type)}
          hidden={change.type.hidden}
          onSubmit={(body) => hide.mutateAsync({ ...body, id: change.type.id, version: change.type.version })}
          onClose={close}
        />
      ) : null}
    </>
  );
}
