import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBannerImages } from '../api/list-banner-images';
import styles from './catalogue.module.css';
import { imageHref } from './image-href';

/** At most this many featured images side by side: a row on a laptop, no carousel to load or to wait for. */
const BANNER_TILES = 3;

/**
 * The banner of the featured images, each a tile opening its detail. While they load the row keeps its height, so
 * the cards below do not jump; when there are none, or they fail (the cards below matter more), it is left out.
 */
export function ImageBanner() {
  const { t } = useTranslation('catalogue');
  const banners = useBannerImages();
  const images = (banners.data ?? []).slice(0, BANNER_TILES);
  if (banners.isError || (banners.isSuccess && images.length === 0)) {
    return null;
  }
  return (
    <section className={styles.banner} aria-label={t('center.bannerLabel')} data-testid="image-banner">
      {images.map((image) => (
        <div key={image.id} className={styles.bannerTile} data-testid={`image-banner-${image.id}`}>
          <h2>{image.name}</h2>
          <p>{image.summary}</p>
          <Link
            to={imageHref(image.id)}
            className={styles.bannerLink}
            aria-label={`${t('center.bannerView')}: ${image.name}`}
          >
            {t('center.bannerView')}
          </Link>
        </div>
      ))}
    </section>
  );
}
