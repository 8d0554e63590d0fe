import { Flex, Select } from 'antd';
import { useFleetRegions, usePriceBook, type HostFilters } from '../api/fleet-reads';
import { HOST_STATE_VALUES } from './host-state';
import { useAdminFleetTranslation } from '../use-admin-fleet-translation';
import { regionName } from './region-name';

/** The hosts' filters: region, GPU model and state, each applied by the server as soon as it is chosen. */
export function HostFilters({ onChange }: { onChange(filters: HostFilters): void }) {
  const { t, i18n } = useAdminFleetTranslation();
  const regions = useFleetRegions();
  const book = usePriceBook();
  const width = { minWidth: 180 };
  return (
    <Flex wrap gap={8}>
      <Select
        allowClear
        style={width}
        aria-label={t('filters.region')}
        placeholder={t('filters.anyRegion')}
        options={regions.data?.map((region) => ({ value: region.id, label: regionName(region, i18n) }))}
        onChange={(regionId?: string) => onChange({ regionId })}
        data-testid="fleet-filter-region"
      />
      <Select
        allowClear
        style={width}
        aria-label={t('filters.gpuModel')}
        placeholder={t('filters.anyGpuModel')}
        options={book.data?.models.map((model) => ({ value: model.gpuModel, label: model.gpuModel }))}
        onChange={(gpuModel?: string) => onChange({ gpuModel })}
        data-testid="fleet-filter-model"
      />
      <Select
        allowClear
        style={width}
        aria-label={t('filters.state')}
        placeholder={t('filters.anyState')}
        options={HOST_STATE_VALUES.map((state) => ({ value: state, label: t(`hosts.states.${state}`) }))}
        onChange={(state?: HostFilters['state']) => onChange({ state })}
        data-testid="fleet-filter-state"
      />
    </Flex>
  );
}
