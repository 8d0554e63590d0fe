import { Button, Flex, Skeleton } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatBytes } from '@/shared/format/bytes';
import { isHttpError } from '@/shared/http';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';
import { PageHeader } from '@/shared/ui/page-header';
import cardStyles from '@/shared/ui/card-catalogue.module.css';
import { useModel, type ModelDetail } from '../api/get-model';
import { ModelLikeButton } from './model-like-button';
import styles from './models.module.css';
import { useModelsTranslation } from '../use-models-translation';

const MarkdownArticle = lazyWithTimeout(() => import('@/shared/ui/markdown-article'));

function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className={cardStyles.card}>
      {title ? <h2>{title}</h2> : null}
      {children}
    </section>
  );
}

/** "This model does not exist", with the way back to the model center. */
export function ModelNotFound() {
  const { t } = useModelsTranslation();
  return (
    <>
      <PageHeader title={t('routes:modelDetial.title')} />
      <Section>
        <div className={cardStyles.state} data-testid="model-not-found">
          <span>{t('detail.notFound')}</span>
          <Link to="/model">{t('detail.backToCenter')}</Link>
        </div>
      </Section>
    </>
  );
}

function Facts({ model }: { model: ModelDetail }) {
  const { t } = useModelsTranslation();
  return (
    <dl className={styles.facts}>
      <dt>{t('detail.type')}</dt>
      <dd data-testid="model-detail-type">{model.type.name}</dd>
      <dt>{t('detail.version')}</dt>
      <dd>{model.version}</dd>
      <dt>{t('detail.baseModel')}</dt>
      <dd>{model.baseModel ?? t('detail.noBaseModel')}</dd>
      <dt>{t('detail.licence')}</dt>
      <dd data-testid="model-detail-licence">{model.licence}</dd>
      <dt>{t('detail.source')}</dt>
      <dd>
        <a href={model.sourceUrl} target="_blank" rel="noreferrer noopener">
          {model.source}
        </a>
      </dd>
      <dt>{t('detail.size')}</dt>
      <dd data-testid="model-detail-size">{formatBytes(model.sizeBytes)}</dd>
      <dt>{t('detail.likes')}</dt>
      <dd>
        <ModelLikeButton modelId={model.id} name={model.name} liked={model.liked} likeCount={model.likeCount} />
      </dd>
    </dl>
  );
}

interface ModelDetailViewProps {
  id: string;
  /** The "download to application" action, which the page composes from the applications feature. */
  download: (model: ModelDetail) => ReactNode;
}

/**
 * Spec §2 model detail: the model's facts, licence and source, its introduction, the files a download copies and the
 * download action. An unknown id shows a not-found state, a failure a retry.
 */
export function ModelDetailView({ id, download }: ModelDetailViewProps) {
  const { t } = useModelsTranslation();
  const model = useModel(id);
  if (model.isPending) {
    return (
      <>
        <PageHeader title={t('routes:modelDetial.title')} />
        <Section>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Section>
      </>
    );
  }
  if (model.isError) {
    if (isHttpError(model.error) && model.error.code === 404) {
      return <ModelNotFound />;
    }
    return (
      <>
        <PageHeader title={t('routes:modelDetial.title')} />
        <Section>
          <div className={cardStyles.state} role="alert" data-testid="model-detail-error">
            <span>{t('detail.error')}</span>
            <Button onClick={() => void model.refetch()}>{t('detail.retry')}</Button>
          </div>
        </Section>
      </>
    );
  }
  const detail = model.data;
  return (
    <>
      <PageHeader title={detail.name} extra={download(detail)} />
      <Flex vertical gap={16}>
        <Section>
          <p className={styles.summary}>{detail.summary}</p>
          <Facts model={detail} />
        </Section>
        <Section title={t('detail.files')}>
          <ul className={styles.files} data-testid="model-detail-files">
            {detail.files.map((file) => (
              <li key={file.path}>
                {file.path} · {formatBytes(file.sizeBytes)}
              </li>
            ))}
          </ul>
        </Section>
        <Section title={t('detail.introduction')}>
          <div data-testid="model-introduction">
            <Suspense fallback={<Skeleton active />}>
              <MarkdownArticle source={detail.introduction} />
            </Suspense>
          </div>
        </Section>
      </Flex>
    </>
  );
}
