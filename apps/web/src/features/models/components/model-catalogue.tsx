import { useState } from 'react';
import { CardList } from '@/shared/ui/card-list';
import { Pager } from '@/shared/ui/pager';
import { useModelPages, type ModelFilters as Filters } from '../api/list-models';
import { ModelCard } from './model-card';
import { ModelFilters } from './model-filters';
import { useModelsTranslation } from '../use-models-translation';

const NO_FILTERS: Filters = { typeId: undefined, keyword: undefined, liked: undefined };

/**
 * The model center's models: filters, then a page of cards, or skeletons while the first page loads, "no model
 * matches" with a way out, or the failure with a retry.
 */
export function ModelCatalogue() {
  const { t } = useModelsTranslation();
  const { query, params, rows, total, change } = useModelPages();
  // Clearing the filters remounts them, so the search box forgets what was typed as well.
  const [filtersVersion, setFiltersVersion] = useState(0);
  const filters: Filters = { typeId: params.typeId, keyword: params.keyword, liked: params.liked };
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
      <ModelFilters key={filtersVersion} filters={filters} onChange={(next) => change({ filters: next })} />
      <CardList
        query={query}
        rows={rows}
        renderCard={(model) => <ModelCard model={model} />}
        footer={
          <Pager
            pageNum={params.pageNum}
            pageSize={params.pageSize}
            total={total}
            onPage={(pageNum) => change({ pageNum })}
            testIdPrefix="model-pager"
          />
        }
        onClearFilters={clear}
        texts={texts}
        testIdPrefix="model-list"
      />
    </>
  );
}
