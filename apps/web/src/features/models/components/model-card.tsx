import { Link } from 'react-router';
import { formatBytes } from '@/shared/format/bytes';
import cardStyles from '@/shared/ui/card-catalogue.module.css';
import type { ModelSummary } from '../api/list-models';
import { modelHref } from './model-href';
import { ModelLikeButton } from './model-like-button';
import styles from './models.module.css';

/** One model of the center: a click anywhere opens its detail; the like answers for itself. */
export function ModelCard({ model }: { model: ModelSummary }) {
  return (
    <article className={cardStyles.card} data-testid={`model-card-${model.id}`}>
      <div className={styles.tags}>
        <span className={styles.tag} data-testid={`model-type-${model.id}`}>
          {model.type.name}
        </span>
        <span className={styles.tag}>{model.licence}</span>
      </div>
      <h2>
        <Link to={modelHref(model.id)} className={styles.cardLink} data-testid={`model-name-${model.id}`}>
          {model.name}
        </Link>
      </h2>
      <p className={styles.summary}>{model.summary}</p>
      <div className={styles.cardFooter}>
        <span data-testid={`model-size-${model.id}`}>
          {formatBytes(model.sizeBytes)} · {model.source}
        </span>
        <ModelLikeButton modelId={model.id} name={model.name} liked={model.liked} likeCount={model.likeCount} />
      </div>
    </article>
  );
}
