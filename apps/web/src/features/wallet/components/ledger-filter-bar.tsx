import { TransactionDirection, TransactionType } from '@suanli/contract';
import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LedgerFilters } from '../api/list-ledger';

interface FilterValues {
  direction?: LedgerFilters['direction'];
  transactionType?: LedgerFilters['transactionType'];
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const DAY = 'YYYY-MM-DD';

function filtersOf({ direction, transactionType, dates }: FilterValues): LedgerFilters {
  return {
    direction,
    transactionType,
    startDate: dates?.[0]?.format(DAY),
    endDate: dates?.[1]?.format(DAY),
  };
}

/**
 * Direction, type and a range of days (either end may stay open), applied as soon as they change. The picker puts
 * the two days in order itself (rc-picker's `order`), so a start after the end, which the server refuses, is never sent.
 */
export function LedgerFilterBar({ onChange }: { onChange: (filters: LedgerFilters) => void }) {
  const { t } = useTranslation('wallet');
  return (
    <Form<FilterValues>
      layout="inline"
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
      <Form.Item name="dates" label={t('ledger.filters.dates')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} data-testid="ledger-filter-dates" />
      </Form.Item>
    </Form>
  );
}
