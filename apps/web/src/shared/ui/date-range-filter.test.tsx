import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { renderWithProviders } from '@/test/render-with-providers';
import { DateRangeFilterItem, dateRangeFilter, type DateRangeValue } from './date-range-filter';

/** An inline filter form as the lists use it, keeping each filter change it would send. */
function renderFilter() {
  const changes: ReturnType<typeof dateRangeFilter>[] = [];
  renderWithProviders(
    <Form<{ dates?: DateRangeValue }>
      layout="inline"
      onValuesChange={(_, { dates }) => changes.push(dateRangeFilter(dates))}
    >
      <DateRangeFilterItem label="Dates" data-testid="dates" />
    </Form>,
  );
  return changes;
}

/** Types a day into one end of the picker and leaves it, as a person using the keyboard would. */
function typeDay(end: 0 | 1, day: string) {
  // The picker gives each of its two inputs the test id.
  const input = screen.getAllByTestId('dates')[end]!;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: day } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}

beforeEach(() => useInterfaceSettings.getState().setLanguage('en-US'));

describe('the date-range filter', () => {
  it('sends the chosen days as calendar days, both ends included, and either end may stay open', async () => {
    const changes = renderFilter();

    typeDay(0, '2026-03-01');
    await waitFor(() => expect(changes.at(-1)).toEqual({ startDate: '2026-03-01', endDate: undefined }));
    typeDay(1, '2026-03-31');
    await waitFor(() => expect(changes.at(-1)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' }));
  });

  it('says a start after the end is wrong, in the chosen language, and sends no days until it is put right', async () => {
    const changes = renderFilter();
    typeDay(0, '2026-03-20');
    typeDay(1, '2026-03-05');

    await screen.findByText('The start date must not be later than the end date');
    // No key at all, not undefined ones: a list merges the change into its filters and keeps the days it had.
    expect(changes.at(-1)).toStrictEqual({});

    useInterfaceSettings.getState().setLanguage('zh-CN');
    typeDay(1, '2026-03-04');
    await screen.findByText('开始日期不能晚于结束日期');

    typeDay(1, '2026-03-25');
    await waitFor(() => expect(changes.at(-1)).toEqual({ startDate: '2026-03-20', endDate: '2026-03-25' }));
    await waitFor(() => expect(screen.queryByText('开始日期不能晚于结束日期')).toBeNull());
  });
});
