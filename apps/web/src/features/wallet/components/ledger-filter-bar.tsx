import { TransactionDirection, TransactionType } from '@suanli/contract';
import { Form, Select } from 'antd';
import dayjs from 'dayjs';
import { DateRangeFilterItem, dateRangeFilter, type DateRangeValue } from '@/shared/ui/date-range-filter';
import type { LedgerFilters } from '../api/list-ledger';
import { useWalletTranslation } from '../use-wallet-translation';

interface FilterValues {
  direction?: LedgerFilters['direction'];
  transactionType?: LedgerFilters['transactionType'];
  dates?: DateRangeValue;
}

function valuesOf({ direction, transactionType, startDate, endDate }: LedgerFilters): FilterValues {
  const day = (value: string | undefined) => (value === undefined ? null : dayjs(value));
  return { direction, transactionType, dates: (startDate ?? endDate) ? [day(startDate), day(endDate)] : undefined };
}

function filtersOf({ direction, transactionType, dates }: FilterValues): LedgerFilters {
  return { direction, transactionType, ...dateRangeFilter(dates) };
}

interface LedgerFilterBarProps {
  /** The filters in force when the bar appears: a phone folds it away, and a turned window moves it. */
  filters: LedgerFilters;
  onChange: (filters: LedgerFilters) => void;
  /** One filter under another, labels above, as a phone has room for. */
  stacked?: boolean;
}

/**
 * Direction, type and a range of days (either end may stay open), applied as soon as they change; a start after the
 * end is pointed out and not applied (DateRangeFilterItem).
 */
export function LedgerFilterBar({ filters, onChange, stacked = false }: LedgerFilterBarProps) {
  const { t } = useWalletTranslation();
  return (
    <Form<FilterValues>
      layout={stacked ? 'vertical' : 'inline'}
      initialValues={valuesOf(filters)}
      onValuesChange={(_, values) => onChange(filtersOf(values))}
      data-testid="ledger-filters"
    >
      <Form.Item name="direction" label={t('ledger.filters.direction')}>
        <Select
          allowClear
          placeholder={t('ledger.filters.all')}
          style={{ width: 120 }}
          options={TransactionDirection.values.map((value) => ({
            value,
            label: t(`contract:${TransactionDirection.labelKey(value)}`),
          }))}
          data-testid="ledger-filter-direction"
        />
      </Form.Item>
      <Form.Item name="transactionType" label={t('ledger.filters.transactionType')}>
        <Select
          allowClear
          placeholder={t('ledger.filters.all')}
          style={{ width: 200 }}
          options={TransactionType.values.map((value) => ({
            value,
            label: t(`contract:${TransactionType.labelKey(value)}`),
          }))}
          data-testid="ledger-filter-type"
        />
      </Form.Item>
      <DateRangeFilterItem label={t('ledger.filters.dates')} data-testid="ledger-filter-dates" />
    </Form>
  );
}
