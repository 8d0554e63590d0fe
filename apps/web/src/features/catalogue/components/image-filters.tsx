import { Segmented } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageTypes } from '../api/list-image-types';
import type { ImageFilters as Filters, ImageKind } from '../api/list-image-page';
import styles from './catalogue.module.css';

/** The search asks once typing pauses this long, not on every key. */
const SEARCH_DELAY_MS = 300;

const ALL = 'all';

interface ImageFiltersProps {
  filters: Filters;
  onChange: (filters: Partial<Filters>) => void;
}

/** Types ("All" first), official or community, and a search box, above the cards. */
export function ImageFilters({ filters, onChange }: ImageFiltersProps) {
  const { t } = useTranslation('catalogue');
  const types = useImageTypes();
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const search = useEffectEvent((text: string) => onChange({ keyword: text || undefined }));

  useEffect(() => {
    const trimmed = keyword.trim();
    if (trimmed === (filters.keyword ?? '')) {
      return;
    }
    const timer = setTimeout(() => search(trimmed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [keyword, filters.keyword]);

  const typeOptions = [
    { value: ALL, label: <span data-testid="image-filter-type-all">{t('center.filters.allTypes')}</span> },
    ...(types.data ?? []).map((type) => ({
      value: type.id,
      label: <span data-testid={`image-filter-type-${type.id}`}>{type.name}</span>,
    })),
  ];
  const kindOptions = (['official', 'community'] as const).map((kind) => ({
    value: kind,
    label: <span data-testid={`image-filter-kind-${kind}`}>{t(`center.filters.${kind}`)}</span>,
  }));

  return (
    <div className={styles.filters} role="search" aria-label={t('center.filters.label')}>
      <div className={styles.filterScroll}>
        <Segmented<string>
          value={filters.typeId ?? ALL}
          onChange={(value) => onChange({ typeId: value === ALL ? undefined : value })}
          options={typeOptions}
          aria-label={t('center.filters.type')}
          data-testid="image-filter-types"
        />
      </div>
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
      {/* A plain search field: antd's Input would add its own chunk to the application center's first load. */}
      <input
        className={styles.search}
        type="search"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        placeholder={t('center.filters.search')}
        aria-label={t('center.filters.search')}
        data-testid="image-search"
      />
    </div>
  );
}
