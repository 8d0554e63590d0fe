import { Segmented, Switch } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/stores/session-store';
import { useModelTypes } from '../api/list-model-types';
import type { ModelFilters as Filters } from '../api/list-models';
import styles from './models.module.css';

/** The search asks once typing pauses this long, not on every key. */
const SEARCH_DELAY_MS = 300;

const ALL = 'all';

interface ModelFiltersProps {
  filters: Filters;
  onChange: (filters: Partial<Filters>) => void;
}

/** Types ("All" first), a search box and, for a signed-in user, "only models I like". */
export function ModelFilters({ filters, onChange }: ModelFiltersProps) {
  const { t } = useTranslation('models');
  const signedIn = useSession((state) => state.isLogin);
  const types = useModelTypes();
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
    { value: ALL, label: <span data-testid="model-filter-type-all">{t('center.filters.allTypes')}</span> },
    ...(types.data ?? []).map((type) => ({
      value: type.id,
      label: <span data-testid={`model-filter-type-${type.code}`}>{type.name}</span>,
    })),
  ];

  return (
    <div className={styles.filters} role="search" aria-label={t('center.filters.label')}>
      <div className={styles.filterScroll}>
        <Segmented<string>
          value={filters.typeId ?? ALL}
          onChange={(value) => onChange({ typeId: value === ALL ? undefined : value })}
          options={typeOptions}
          aria-label={t('center.filters.type')}
          data-testid="model-filter-types"
        />
      </div>
      <input
        className={styles.search}
        type="search"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        placeholder={t('center.filters.search')}
        aria-label={t('center.filters.search')}
        data-testid="model-search"
      />
      {signedIn ? (
        <label>
          <Switch
            size="small"
            checked={filters.liked === 'true'}
            onChange={(checked) => onChange({ liked: checked ? 'true' : undefined })}
            data-testid="model-filter-liked"
          />{' '}
          {t('center.filters.likedOnly')}
        </label>
      ) : null}
    </div>
  );
}
