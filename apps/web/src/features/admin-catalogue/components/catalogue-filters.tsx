import { Flex, Input, Select } from 'antd';
import type { CatalogueFilters as Filters } from '../api/catalogue-reads';
import { useAdminCatalogueTranslation } from '../use-admin-catalogue-translation';

interface CatalogueFiltersProps {
  types: { value: string; label: string }[] | undefined;
  onChange(filters: Filters): void;
  /** Prefix of the filters' test ids: `<testId>-type`, `-hidden`, `-keyword`. */
  testId: string;
}

/** A list's filters: type, shown or hidden, and a word of the name, each applied by the server once chosen. */
export function CatalogueFilters({ types, onChange, testId }: CatalogueFiltersProps) {
  const { t } = useAdminCatalogueTranslation();
  const width = { minWidth: 180 };
  return (
    <Flex wrap gap={8} style={{ marginBottom: 12 }}>
      <Select
        allowClear
        style={width}
        aria-label={t('filters.type')}
        placeholder={t('filters.anyType')}
        options={types}
        onChange={(typeId?: string) => onChange({ typeId })}
        data-testid={`${testId}-type`}
      />
      <Select
        allowClear
        style={width}
        aria-label={t('filters.visibility')}
        placeholder={t('filters.anyVisibility')}
        options={[
          { value: 'false', label: t('visibility.shown') },
          { value: 'true', label: t('visibility.hidden') },
        ]}
        onChange={(hidden?: Filters['hidden']) => onChange({ hidden })}
        data-testid={`${testId}-hidden`}
      />
      <Input.Search
        allowClear
        style={{ maxWidth: 260 }}
        maxLength={64}
        aria-label={t('filters.keyword')}
        placeholder={t('filters.keyword')}
        onSearch={(keyword) => onChange({ keyword: keyword.trim() || undefined })}
        data-testid={`${testId}-keyword`}
      />
    </Flex>
  );
}
