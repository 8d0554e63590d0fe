import { Form, Input, InputNumber, Select } from 'antd';
import { ReasonDialog } from '@/shared/ui/reason-dialog';
import { useAddModel, useUpdateModel, type ModelBody } from '../api/catalogue-changes';
import { useModelTypes, type DeskModel } from '../api/catalogue-reads';
import { useAdminCatalogueTranslation } from '../use-admin-catalogue-translation';
import { useRequiredRules } from './required-rules';

type ModelFields = Omit<ModelBody, 'reason'>;

const fieldsOf = (model: DeskModel): ModelFields => ({
  key: model.key,
  typeId: model.typeId,
  nameZh: model.nameZh,
  nameEn: model.nameEn,
  summaryZh: model.summaryZh,
  summaryEn: model.summaryEn,
  introductionZh: model.introductionZh,
  introductionEn: model.introductionEn,
  modelVersion: model.modelVersion,
  baseModel: model.baseModel ?? '',
  licence: model.licence,
  source: model.source,
  sourceUrl: model.sourceUrl,
  sizeBytes: model.sizeBytes,
});

/** Adds a model to the model center (shown at once), or edits one at the version the table showed; its key stays. */
export function ModelFormDialog({ model, onClose }: { model?: DeskModel; onClose(): void }) {
  const { t } = useAdminCatalogueTranslation();
  const types = useModelTypes();
  const add = useAddModel();
  const update = useUpdateModel();
  const required = useRequiredRules();
  const text = (name: keyof ModelFields, label: string, key: string, max: number) => (
    <Form.Item name={name} label={label} rules={required.text(key)}>
      <Input maxLength={max} autoComplete="off" data-testid={`catalogue-model-${name}`} />
    </Form.Item>
  );
  return (
    <ReasonDialog<ModelFields>
      title={model ? t('models.edit', { name: model.nameEn }) : t('models.add')}
      okText={model ? t('save') : t('models.add')}
      doneText={model ? t('models.saved') : t('models.added')}
      initialValues={model ? fieldsOf(model) : { introductionZh: '', introductionEn: '', baseModel: '', sizeBytes: 0 }}
      onSubmit={({ key, baseModel, ...body }) => {
        const fields = { ...body, baseModel: baseModel || null };
        return model
          ? update.mutateAsync({ ...fields, id: model.id, version: model.version })
          : add.mutateAsync({ ...fields, key });
      }}
      onClose={onClose}
      testId="catalogue-model"
    >
      <Form.Item name="key" label={t('models.key')} extra={t('models.keyHint')} rules={required.text('modelKey')}>
        <Input maxLength={64} autoComplete="off" disabled={Boolean(model)} data-testid="catalogue-model-key" />
      </Form.Item>
      <Form.Item name="typeId" label={t('models.type')} rules={[{ required: true, message: t('models.typeRequired') }]}>
        <Select
          options={types.data?.map((type) => ({ value: type.id, label: type.name }))}
          data-testid="catalogue-model-type"
        />
      </Form.Item>
      {text('nameZh', t('fields.nameZh'), 'modelName', 64)}
      {text('nameEn', t('fields.nameEn'), 'modelName', 64)}
      {text('summaryZh', t('fields.summaryZh'), 'summary', 200)}
      {text('summaryEn', t('fields.summaryEn'), 'summary', 200)}
      <Form.Item name="introductionZh" label={t('fields.introductionZh')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="introductionEn" label={t('fields.introductionEn')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      {text('modelVersion', t('models.modelVersion'), 'modelVersion', 32)}
      <Form.Item name="baseModel" label={t('models.baseModel')}>
        <Input maxLength={64} autoComplete="off" data-testid="catalogue-model-baseModel" />
      </Form.Item>
      {text('licence', t('models.licence'), 'licence', 64)}
      {text('source', t('models.source'), 'source', 64)}
      {text('sourceUrl', t('models.sourceUrl'), 'sourceUrl', 300)}
      <Form.Item name="sizeBytes" label={t('models.sizeBytes')} rules={required.number('sizeBytes')}>
        <InputNumber min={0} precision={0} style={{ minWidth: 200 }} data-testid="catalogue-model-size" />
      </Form.Item>
    </ReasonDialog>
  );
}
