import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList } from '@/shared/ui/card-list';
import { Pager } from '@/shared/ui/pager';
import { useGpuModels, type GpuModelOffer } from '../api/list-gpu-models';
import { useImagePages, type ImageFilters as Filters } from '../api/list-image-page';
import { useGpuRegions } from '../api/list-gpu-regions';
import { cheapestFit, fittingModels, freeByModel, hasFreeGpu } from '../gpu-fit';
import { ImageCard } from './image-card';
import { ImageFilters } from './image-filters';

const NO_FILTERS: Filters = { typeId: undefined, kind: undefined, keyword: undefined };

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

  const texts = {
    listLabel: t('center.listLabel'),
    error: t('center.error'),
    retry: t('center.retry'),
    empty: t('center.empty'),
    clearFilters: t('center.clearFilters'),
  };

  return (
    <>
      <ImageFilters key={filtersVersion} filters={filters} onChange={(next) => change({ filters: next })} />
      <CardList
        query={query}
        rows={rows}
        renderCard={(image) => (
          <ImageCard
            image={image}
            cheapest={cheapestOf(models.data, image.minGpuMemoryGb)}
            freeNow={freeNow(image.minGpuMemoryGb)}
          />
        )}
        footer={
          <Pager
            pageNum={params.pageNum}
            pageSize={params.pageSize}
            total={total}
            onPage={(pageNum) => change({ pageNum })}
            testIdPrefix="image-pager"
          />
        }
        onClearFilters={clear}
        texts={texts}
        testIdPrefix="image-list"
      />
    </>
  );
}
