import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGpuModels, type GpuModelOffer } from '../api/list-gpu-models';
import { useImagePages, type ImageFilters as Filters } from '../api/list-image-page';
import { useGpuRegions } from '../api/list-gpu-regions';
import { cheapestFit, fittingModels, freeByModel, hasFreeGpu } from '../gpu-fit';
import styles from './catalogue.module.css';
import { ImageCard } from './image-card';
import { ImageFilters } from './image-filters';
import { ImagePager } from './image-pager';

const SKELETON_CARDS = 6;

const NO_FILTERS: Filters = { typeId: undefined, kind: undefined, keyword: undefined };

function CardSkeletons() {
  return (
    <ul className={styles.grid} aria-hidden>
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <li key={index} className={styles.skeletonCard}>
          <Skeleton active paragraph={{ rows: 3 }} />
        </li>
      ))}
    </ul>
  );
}

/** The cheapest fitting model of an image, undefined while the models load and when they could not be read. */
function cheapestOf(models: readonly GpuModelOffer[] | undefined, minGpuMemoryGb: number) {
  return models ? cheapestFit(models, minGpuMemoryGb) : undefined;
}

/**
 * The application center's images: filters, then a page of cards from the server with each card's lowest price, or
 * skeletons while the first page loads, "no images match" with a way out, or the failure with a retry.
 */
export function ImageCatalogue() {
  const { t } = useTranslation('catalogue');
  const { query, params, rows, total, change } = useImagePages();
  const models = useGpuModels();
  // Availability is its own query: the cards and prices show without it, and it is read again as GPUs come and go.
  const regions = useGpuRegions();
  const free = regions.data ? freeByModel(regions.data) : null;
  const freeNow = (minGpuMemoryGb: number) =>
    models.data && free ? hasFreeGpu(fittingModels(models.data, minGpuMemoryGb), free) : undefined;
  // Clearing the filters remounts them, so the search box forgets what was typed as well.
  const [filtersVersion, setFiltersVersion] = useState(0);
  const filters: Filters = { typeId: params.typeId, kind: params.kind, keyword: params.keyword };
  const clear = () => {
    change({ filters: NO_FILTERS });
    setFiltersVersion((version) => version + 1);
  };

  const body = () => {
    if (query.isPending) {
      return <CardSkeletons />;
    }
    if (query.isError && !query.data) {
      return (
        <div className={styles.state} role="alert" data-testid="image-list-error">
          <span>{t('center.error')}</span>
          <Button onClick={() => void query.refetch()} data-testid="image-list-retry">
            {t('center.retry')}
          </Button>
        </div>
      );
    }
    if (rows.length === 0) {
      return (
        <div className={styles.state} data-testid="image-list-empty">
          <span>{t('center.empty')}</span>
          <Button onClick={clear} data-testid="image-list-clear">
            {t('center.clearFilters')}
          </Button>
        </div>
      );
    }
    return (
      <>
        <ul
          className={styles.grid}
          aria-label={t('center.listLabel')}
          aria-busy={query.isFetching}
          data-testid="image-list"
        >
          {rows.map((image) => (
            <li key={image.id}>
              <ImageCard
                image={image}
                cheapest={cheapestOf(models.data, image.minGpuMemoryGb)}
                freeNow={freeNow(image.minGpuMemoryGb)}
              />
            </li>
          ))}
        </ul>
        <ImagePager
          pageNum={params.pageNum}
          pageSize={params.pageSize}
          total={total}
          onPage={(pageNum) => change({ pageNum })}
        />
      </>
    );
  };

  return (
    <>
      <ImageFilters key={filtersVersion} filters={filters} onChange={(next) => change({ filters: next })} />
      {body()}
    </>
  );
}
