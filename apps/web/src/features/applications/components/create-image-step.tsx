import { CheckCircleFilled } from '@ant-design/icons';
import { Alert, Card, Empty, Flex, Input, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useImageTypes } from '../api/list-image-types';
import { useImages, type ImageChoice } from '../api/list-images';
import { useApplicationsTranslation } from '../use-applications-translation';

const ALL = 'all';

interface CreateImageStepProps {
  imageId: string | undefined;
  onChoose: (imageId: string) => void;
}

function matches(image: ImageChoice, keyword: string, typeId: string, kind: string): boolean {
  const text = `${image.name} ${image.summary}`.toLowerCase();
  return (
    (typeId === ALL || image.type.id === typeId) &&
    (kind === ALL || image.kind === kind) &&
    (keyword === '' || text.includes(keyword.toLowerCase()))
  );
}

/** Step 1: the official and community images as cards, searched and filtered by type and source. */
export function CreateImageStep({ imageId, onChoose }: CreateImageStepProps) {
  const { t } = useApplicationsTranslation();
  const images = useImages();
  const types = useImageTypes();
  const [keyword, setKeyword] = useState('');
  const [typeId, setTypeId] = useState(ALL);
  const [kind, setKind] = useState(ALL);

  if (images.isError) {
    return <Alert type="error" showIcon title={t('create.image.error')} />;
  }
  const shown = (images.data ?? []).filter((image) => matches(image, keyword.trim(), typeId, kind));

  return (
    <Flex vertical gap={12}>
      <Input.Search
        allowClear
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        placeholder={t('create.image.search')}
        aria-label={t('create.image.search')}
        data-testid="create-image-search"
      />
      <Flex gap={8} wrap>
        <Segmented<string>
          value={typeId}
          onChange={setTypeId}
          options={[
            { value: ALL, label: t('create.image.allTypes') },
            ...(types.data ?? []).map((type) => ({ value: type.id, label: type.name })),
          ]}
          aria-label={t('create.image.type')}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <Segmented<string>
          value={kind}
          onChange={setKind}
          options={[ALL, 'official', 'community'].map((value) => ({ value, label: t(`create.image.kinds.${value}`) }))}
          aria-label={t('create.image.kind')}
        />
      </Flex>
      {images.isPending ? <Skeleton active /> : null}
      {images.isSuccess && shown.length === 0 ? <Empty description={t('create.image.empty')} /> : null}
      <div
        role="radiogroup"
        aria-label={t('create.steps.image')}
        style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
      >
        {shown.map((image) => {
          const chosen = image.id === imageId;
          return (
            <Card
              key={image.id}
              size="small"
              hoverable
              role="radio"
              aria-checked={chosen}
              tabIndex={0}
              onClick={() => onChoose(image.id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onChoose(image.id);
                }
              }}
              style={chosen ? { borderColor: 'var(--ant-color-primary, #1677ff)', boxShadow: '0 0 0 1px #1677ff' } : {}}
              data-testid={`create-image-${image.id}`}
            >
              <Flex vertical gap={4}>
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text strong ellipsis>
                    {image.name}
                  </Typography.Text>
                  {chosen ? <CheckCircleFilled style={{ color: '#1677ff' }} aria-hidden /> : null}
                </Flex>
                <Flex gap={4} wrap>
                  <Tag color={image.kind === 'official' ? 'blue' : 'purple'}>
                    {t(`create.image.kinds.${image.kind}`)}
                  </Tag>
                  <Tag>{image.type.name}</Tag>
                </Flex>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                  {image.summary}
                </Typography.Paragraph>
              </Flex>
            </Card>
          );
        })}
      </div>
    </Flex>
  );
}
