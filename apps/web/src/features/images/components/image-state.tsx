import { Flex, Progress, Spin, Tag, Tooltip } from 'antd';
import type { UserImage } from '../api/list-user-images';
import { useImagesTranslation } from '../use-images-translation';

/** Uploading with its progress and a spinner, complete, or failed with the reason on hover (spec §4). */
export function ImageState({ image }: { image: UserImage }) {
  const { t } = useImagesTranslation();
  if (image.state === 'uploading') {
    return (
      <Flex align="center" gap={8} data-testid={`image-state-${image.id}`} data-state="uploading">
        <Spin size="small" />
        <Tag color="processing">{t('state.uploading')}</Tag>
        <Progress percent={image.progress} size="small" style={{ width: 80, margin: 0 }} />
      </Flex>
    );
  }
  const tag = (
    <Tag
      color={image.state === 'complete' ? 'success' : 'error'}
      data-testid={`image-state-${image.id}`}
      data-state={image.state}
    >
      {t(`state.${image.state}`)}
    </Tag>
  );
  return image.failureReason ? <Tooltip title={image.failureReason}>{tag}</Tooltip> : tag;
}
