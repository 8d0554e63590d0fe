import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { catalogue } from '@suanli/contract';
import { Button, Flex, Form, Input, InputNumber, Select } from 'antd';
import { ReasonDialog } from '@/shared/ui/reason-dialog';
import { useAddImage, useSetBanner, useUpdateImage, type ImageBody } from '../api/catalogue-changes';
import { useImageTypes, type DeskImage } from '../api/catalogue-reads';
import { useAdminCatalogueTranslation } from '../use-admin-catalogue-translation';
import { useRequiredRules } from './required-rules';
import { useBilingualName } from './bilingual-name';

type ImageFields = Omit<ImageBody, 'reason'>;

const fieldsOf = (image: DeskImage): ImageFields => ({
  name: image.name,
  summaryZh: image.summaryZh,
  summaryEn: image.summaryEn,
  introductionZh: image.introductionZh,
  introductionEn: image.introductionEn,
  typeId: image.typeId,
  minGpuMemoryGb: image.minGpuMemoryGb,
  links: image.links,
});

/** Adds an official image (shown at once), or edits one at the version the table showed. */
export function ImageFormDialog({ image, onClose }: { image?: DeskImage; onClose(): void }) {
  const { t } = useAdminCatalogueTranslation();
  const typeName = useBilingualName();
  const types = useImageTypes();
  const add = useAddImage();
  const update = useUpdateImage();
  const required = useRequiredRules();
  return (
    <ReasonDialog<ImageFields>
      title={image ? t('images.edit', { name: image.name }) : t('images.add')}
      okText={image ? t('save') : t('images.add')}
      doneText={image ? t('images.saved') : t('images.added')}
      initialValues={image ? fieldsOf(image) : { minGpuMemoryGb: 8, links: [], introductionZh: '', introductionEn: '' }}
      onSubmit={(body) =>
        image ? update.mutateAsync({ ...body, id: image.id, version: image.version }) : add.mutateAsync(body)
      }
      onClose={onClose}
      testId="catalogue-image"
    >
      <Form.Item name="name" label={t('images.name')} rules={required.text('imageName')}>
        <Input maxLength={64} autoComplete="off" data-testid="catalogue-image-name" />
      </Form.Item>
      <Form.Item name="typeId" label={t('images.type')} rules={[{ required: true, message: t('images.typeRequired') }]}>
        <Select
          options={types.data?.map((type) => ({ value: type.id, label: typeName(type) }))}
          data-testid="catalogue-image-type"
        />
      </Form.Item>
      <Form.Item name="summaryZh" label={t('fields.summaryZh')} rules={required.text('summary')}>
        <Input maxLength={200} autoComplete="off" data-testid="catalogue-image-summary-zh" />
      </Form.Item>
      <Form.Item name="summaryEn" label={t('fields.summaryEn')} rules={required.text('summary')}>
        <Input maxLength={200} autoComplete="off" data-testid="catalogue-image-summary-en" />
      </Form.Item>
      <Form.Item name="introductionZh" label={t('fields.introductionZh')}>
        <Input.TextArea rows={3} data-testid="catalogue-image-introduction-zh" />
      </Form.Item>
      <Form.Item name="introductionEn" label={t('fields.introductionEn')}>
        <Input.TextArea rows={3} data-testid="catalogue-image-introduction-en" />
      </Form.Item>
      <Form.Item name="minGpuMemoryGb" label={t('images.minGpuMemoryGb')} rules={required.number('minGpuMemoryGb')}>
        <InputNumber min={0} max={1024} precision={0} data-testid="catalogue-image-memory" />
      </Form.Item>
      <Form.List name="links">
        {(links, { add: addLink, remove }) => (
          <Form.Item label={t('images.links')}>
            {links.map((link) => (
              <Flex key={link.key} gap={8} align="baseline" wrap>
                <Form.Item name={[link.name, 'name']} rules={required.text('linkName')}>
                  <Input aria-label={t('images.linkName')} placeholder={t('images.linkName')} maxLength={32} />
                </Form.Item>
                <Form.Item name={[link.name, 'port']} rules={required.number('linkPort')}>
                  <InputNumber
                    aria-label={t('images.linkPort')}
                    placeholder={t('images.linkPort')}
                    min={1}
                    max={65535}
                    precision={0}
                  />
                </Form.Item>
                <Form.Item name={[link.name, 'kind']} rules={required.text('linkKind')}>
                  <Select
                    aria-label={t('images.linkKind')}
                    placeholder={t('images.linkKind')}
                    style={{ minWidth: 120 }}
                    options={catalogue.IMAGE_LINK_KINDS.map((kind) => ({ value: kind, label: kind }))}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('images.removeLink')}
                  onClick={() => remove(link.name)}
                />
              </Flex>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => addLink({ kind: 'webui' })}>
              {t('images.addLink')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
    </ReasonDialog>
  );
}

/** Puts an image in the application center's banner at a place, or takes it out (no place). */
export function BannerDialog({ image, onClose }: { image: DeskImage; onClose(): void }) {
  const { t } = useAdminCatalogueTranslation();
  const setBanner = useSetBanner();
  return (
    <ReasonDialog<{ bannerOrder: number | null }>
      title={t('banner.title', { name: image.name })}
      description={t('banner.hint')}
      okText={t('save')}
      doneText={t('banner.done', { name: image.name })}
      initialValues={{ bannerOrder: image.bannerOrder }}
      onSubmit={({ bannerOrder, reason }) =>
        setBanner.mutateAsync({ id: image.id, bannerOrder: bannerOrder ?? null, version: image.version, reason })
      }
      onClose={onClose}
      testId="catalogue-banner"
    >
      <Form.Item name="bannerOrder" label={t('banner.place')}>
        <InputNumber min={1} max={99} precision={0} data-testid="catalogue-banner-place" />
      </Form.Item>
    </ReasonDialog>
  );
}
