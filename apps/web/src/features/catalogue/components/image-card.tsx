import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import cardStyles from '@/shared/ui/card-catalogue.module.css';
import type { GpuModelOffer } from '../api/list-gpu-models';
import type { ImageSummary } from '../api/list-image-page';
import styles from './catalogue.module.css';
import { HourlyPrice } from './hourly-price';
import { imageHref } from './image-href';
import { LikeButton } from './like-button';
import { RentButton } from './rent-button';

interface ImageCardProps {
  image: ImageSummary;
  /** See HourlyPrice. */
  cheapest: GpuModelOffer | null | undefined;
  /** Whether a GPU it runs on is free now; undefined until known. */
  freeNow: boolean | undefined;
}

/** One image of the application center: a click anywhere opens its detail; like and rent answer for themselves. */
export function ImageCard({ image, cheapest, freeNow }: ImageCardProps) {
  const { t } = useTranslation('catalogue');
  return (
    <article className={cardStyles.card} data-testid={`image-card-${image.id}`}>
      <div className={styles.tags}>
        <span className={`${styles.tag} ${styles[image.kind]}`}>{t(`card.${image.kind}`)}</span>
        <span className={styles.tag} data-testid={`image-type-${image.id}`}>
          {image.type.name}
        </span>
      </div>
      <h2>
        <Link to={imageHref(image.id)} className={styles.cardLink} data-testid={`image-name-${image.id}`}>
          {image.name}
        </Link>
      </h2>
      <p className={styles.summary}>{image.summary}</p>
      {freeNow === undefined ? null : (
        <span className={freeNow ? styles.free : styles.soldOut} data-testid={`image-free-${image.id}`}>
          {t(freeNow ? 'card.free' : 'card.soldOut')}
        </span>
      )}
      <div className={styles.cardFooter}>
        <HourlyPrice imageId={image.id} cheapest={cheapest} />
        <div className={styles.actions}>
          <LikeButton imageId={image.id} name={image.name} liked={image.liked} likeCount={image.likeCount} />
          <RentButton imageId={image.id} size="small" />
        </div>
      </div>
    </article>
  );
}
