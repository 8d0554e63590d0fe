import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** What the range picker holds: either end may stay open. */
export type DateRangeValue = [Dayjs | null, Dayjs | null] | null | undefined;

const DAY = 'YYYY-MM-DD';

function inOrder(range: DateRangeValue): boolean {
  const [start, end] = range ?? [null, null];
  return !start || !end || !start.isAfter(end, 'day');
}

/**
 * The days a filter's range selects, as the API takes them (calendar days, both included), to spread into a list's
 * filter change. A start after the end selects nothing new: no key is set, so the list keeps the days it had while
 * the item says what is wrong, and the server, which refuses such a range, is never asked.
 */
export function dateRangeFilter(range: DateRangeValue): { startDate?: string; endDate?: string } {
  if (!inOrder(range)) {
    return {};
  }
  return { startDate: range?.[0]?.format(DAY), endDate: range?.[1]?.format(DAY) };
}

interface DateRangeFilterItemProps {
  label: string;
  /** The form field; `dates` unless the form has another range. */
  name?: string;
  'data-testid'?: string;
}

/**
 * A list's filter by a range of days (spec §5 "start date must not be later than end date"), for an inline filter form.
 * The picker keeps the days as chosen, in any order (`order={false}`), so that a reversed range is pointed out with
 * the contract's own message rather than silently swapped.
 */
export function DateRangeFilterItem({ label, name = 'dates', 'data-testid': testId }: DateRangeFilterItemProps) {
  const { t } = useTranslation('contract');
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        {
          validator: (_, range: DateRangeValue) =>
            inOrder(range) ? Promise.resolve() : Promise.reject(new Error(t('validation.dateRange'))),
        },
      ]}
    >
      <DatePicker.RangePicker allowEmpty={[true, true]} order={false} data-testid={testId} />
    </Form.Item>
  );
}
