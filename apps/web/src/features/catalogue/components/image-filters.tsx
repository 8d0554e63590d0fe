import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchField } from '@/shared/ui/search-field';
import { TypeFilter } from '@/shared/ui/type-filter';
import styles from '@/shared/ui/card-catalogue.module.css';
import { useImageTypes } from '../api/list-image-types';
import type { ImageFilters as Filters, ImageKind } from '../api/list-image-page';

const ALL = 'all';

interface ImageFiltersProps {
  filters: Filters;
  onChange: (filters: Partial<Filters>) => void;
}

/** Types ("All" first), official or community, and a search box, above the cards. */
export function ImageFilters({ filters, onChange }: ImageFiltersProps) {
  const { t } = useTranslation('catalogue');
  const types = useImageTypes();
  const kindOptions = (['official', 'community'] as const).map((kind) => ({
    value: kind,
    label: <span data-testid={`image-filter-kind-${kind}`}>{t(`center.filters.${kind}`)}</span>,
  }));

  return (
    <div className={styles.filters} role="search" aria-label={t('center.filters.label')}>
      <TypeFilter
        types={(types.data ?? []).map((type) => ({ ...type, testId: `image-filter-type-${type.id}` }))}
        typeId={filters.typeId}
        onChange={(typeId) => onChange({ typeId })}
        allLabel={t('center.filters.allTypes')}
        label={t('center.filters.type')}
        testIdPrefix="image-filter-type"
      />
      <Segmented<string>
        value={filters.kind ?? ALL}
        onChange={(value) => onChange({ kind: value === ALL ? undefined : (value as ImageKind) })}
        options={[
          { value: ALL, label: <span data-testid="image-filter-kind-all">{t('center.filters.allKinds')}</span> },
          ...kindOptions,
        ]}
        aria-label={t('center.filters.kind')}
        data-testid="image-filter-kinds"
      />
      <SearchField
        keyword={filters.keyword}
        onSearch={(keyword) => onChange({ keyword })}
        placeholder={t('center.filters.search')}
        testId="image-search"
      />
    </div>
  );
}
