import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isHttpError } from '@/shared/http';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';
import { PageHeader } from '@/shared/ui/page-header';
import cardStyles from '@/shared/ui/card-catalogue.module.css';
import { useImage, type ImageDetail } from '../api/get-image';
import styles from './catalogue.module.css';
import { FittingModels } from './fitting-models';
import { LikeButton } from './like-button';
import { Panel } from './panel';
import { RentButton } from './rent-button';

// The Markdown renderer comes with an introduction to show, and the editor when the owner opens it: neither weighs on
// the page's first load.
const MarkdownArticle = lazyWithTimeout(() => import('@/shared/ui/markdown-article'));
const IntroductionEditor = lazyWithTimeout(() => import('./introduction-editor'));

/** "This image does not exist", with the way back to the application center. */
export function ImageNotFound() {
  const { t } = useTranslation('catalogue');
  return (
    <>
      <PageHeader title={t('routes:imageDetail.title')} />
      <Panel>
        <div className={cardStyles.state} data-testid="image-not-found">
          <span>{t('detail.notFound')}</span>
          <Link to="/aigc" data-testid="image-back-to-center">
            {t('detail.backToCenter')}
          </Link>
        </div>
      </Panel>
    </>
  );
}

function Facts({ image }: { image: ImageDetail }) {
  const { t } = useTranslation('catalogue');
  return (
    <dl className={styles.facts}>
      <dt>{t('detail.type')}</dt>
      <dd data-testid="image-detail-type">{image.type.name}</dd>
      <dt>{t('detail.kind')}</dt>
      <dd data-testid="image-detail-kind">{t(`card.${image.kind}`)}</dd>
      <dt>{t('detail.likes')}</dt>
      <dd>
        <LikeButton imageId={image.id} name={image.name} liked={image.liked} likeCount={image.likeCount} />
      </dd>
      <dt>{t('detail.minMemory')}</dt>
      <dd data-testid="image-detail-memory">{t('detail.memory', { gb: image.minGpuMemoryGb })}</dd>
      <dt>{t('detail.links')}</dt>
      <dd data-testid="image-detail-links">
        {image.links.length === 0
          ? t('detail.noLinks')
          : image.links.map((link) => (
              <span key={`${link.name}-${link.port}`} className={styles.tag} data-testid={`image-link-${link.port}`}>
                {t('detail.link', { name: link.name, port: link.port })}
              </span>
            ))}
      </dd>
    </dl>
  );
}

function Introduction({ image }: { image: ImageDetail }) {
  const { t } = useTranslation('catalogue');
  const [editing, setEditing] = useState(false);
  const edit = image.revisable ? (
    <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)} data-testid="image-edit-introduction">
      {t('detail.edit')}
    </Button>
  ) : null;
  return (
    <Panel title={t('detail.introduction')} extra={edit}>
      <div data-testid="image-introduction">
        {image.introduction ? (
          <Suspense fallback={<Skeleton active />}>
            <MarkdownArticle source={image.introduction} />
          </Suspense>
        ) : (
          <p>{t('detail.noIntroduction')}</p>
        )}
      </div>
      {editing ? (
        <Suspense fallback={null}>
          <IntroductionEditor
            imageId={image.id}
            official={image.kind === 'official'}
            introduction={image.introduction}
            open={editing}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      ) : null}
    </Panel>
  );
}

/**
 * Spec §2 image detail: the image's facts and links, the GPU models it runs on with their hourly prices, a rent button
 * and the introduction, which its owner may edit. An unknown id shows a not-found state, a failure a retry.
 */
export function ImageDetailView({ id }: { id: string }) {
  const { t } = useTranslation('catalogue');
  const image = useImage(id);
  if (image.isPending) {
    return (
      <>
        <PageHeader title={t('routes:imageDetail.title')} />
        <Panel>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Panel>
      </>
    );
  }
  if (image.isError) {
    if (isHttpError(image.error) && image.error.code === 404) {
      return <ImageNotFound />;
    }
    return (
      <>
        <PageHeader title={t('routes:imageDetail.title')} />
        <Panel>
          <div className={cardStyles.state} role="alert" data-testid="image-detail-error">
            <span>{t('detail.error')}</span>
            <Button onClick={() => void image.refetch()}>{t('detail.retry')}</Button>
          </div>
        </Panel>
      </>
    );
  }
  const detail = image.data;
  return (
    <>
      <PageHeader title={detail.name} extra={<RentButton imageId={detail.id} />} />
      <Flex vertical gap={16}>
        <Panel>
          <p style={{ marginTop: 0 }}>{detail.summary}</p>
          <Facts image={detail} />
        </Panel>
        <Panel title={t('detail.models')}>
          <FittingModels imageId={detail.id} minGpuMemoryGb={detail.minGpuMemoryGb} />
        </Panel>
        <Introduction image={detail} />
      </Flex>
    </>
  );
}
