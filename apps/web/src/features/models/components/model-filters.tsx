import { Segmented, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchField } from '@/shared/ui/search-field';
import { useSession } from '@/shared/stores/session-store';
import styles from '@/shared/ui/card-catalogue.module.css';
import { useModelTypes } from '../api/list-model-types';
import type { ModelFilters as Filters } from '../api/list-models';

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
      <SearchField
        keyword={filters.keyword}
        onSearch={(keyword) => onChange({ keyword })}
        placeholder={t('center.filters.search')}
        testId="model-search"
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
