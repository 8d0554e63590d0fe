import { Switch } from 'antd';
import { SearchField } from '@/shared/ui/search-field';
import { TypeFilter } from '@/shared/ui/type-filter';
import { useSession } from '@/shared/stores/session-store';
import styles from '@/shared/ui/card-catalogue.module.css';
import { useModelTypes } from '../api/list-model-types';
import type { ModelFilters as Filters } from '../api/list-models';
import { useModelsTranslation } from '../use-models-translation';

interface ModelFiltersProps {
  filters: Filters;
  onChange: (filters: Partial<Filters>) => void;
}

/** Types ("All" first), a search box and, for a signed-in user, "only models I like". */
export function ModelFilters({ filters, onChange }: ModelFiltersProps) {
  const { t } = useModelsTranslation();
  const signedIn = useSession((state) => state.isLogin);
  const types = useModelTypes();

  return (
    <div className={styles.filters} role="search" aria-label={t('center.filters.label')}>
      <TypeFilter
        types={(types.data ?? []).map((type) => ({ ...type, testId: `model-filter-type-${type.code}` }))}
        typeId={filters.typeId}
        onChange={(typeId) => onChange({ typeId })}
        allLabel={t('center.filters.allTypes')}
        label={t('center.filters.type')}
        testIdPrefix="model-filter-type"
      />
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
