import { wallet, type EndpointData } from '@suanli/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { fail, ok, startFakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { IncomeExpenseChart } from './income-expense-chart';

type Summary = EndpointData<typeof wallet.getIncomeExpenseSummary>;

const api = await startFakeApi();

const BY_DAY: Summary = {
  granularity: 'day',
  startDate: '2026-03-01',
  endDate: '2026-03-03',
  buckets: [
    { period: '2026-03-01', income: '1234.50', expense: '0.00' },
    { period: '2026-03-02', income: '0.00', expense: '20.00' },
    { period: '2026-03-03', income: '0.00', expense: '0.00' },
  ],
};

const BY_MONTH: Summary = {
  granularity: 'month',
  startDate: '2025-04-01',
  endDate: '2026-03-10',
  buckets: [
    { period: '2026-02', income: '0.00', expense: '0.00' },
    { period: '2026-03', income: '50.00', expense: '25.50' },
  ],
};

/** Answers by the granularity asked for, as the server would. */
function serve(day: Summary, month: Summary = BY_MONTH) {
  api.on(wallet.getIncomeExpenseSummary, (request: FakeRequest) =>
    ok(request.query.get('granularity') === 'month' ? month : day),
  );
}

const tableRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((row) => row.textContent);

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useInterfaceSettings.getState().setLanguage('en-US');
  useSession.getState().setToken('token-1');
});

describe('the income and expense chart', () => {
  it("draws the server's days for the table's filters, with exact amounts on pointing at a day", async () => {
    serve(BY_DAY);
    const { container } = renderWithProviders(
      <IncomeExpenseChart filters={{ direction: 'expense', startDate: '2026-03-01', endDate: '2026-03-03' }} />,
    );

    await screen.findByRole('table', { name: 'Income and expense by day, Mar 1, 2026 to Mar 3, 2026' });
    expect(container.querySelectorAll('rect[data-series="income"]')).toHaveLength(1);
    expect(container.querySelectorAll('rect[data-series="expense"]')).toHaveLength(1);
    expect(screen.getByTestId('income-expense-range').textContent).toBe('Mar 1, 2026 to Mar 3, 2026');
    expect(tableRows()[1]).toBe('Mar 1, 2026¥1,234.50¥0.00');
    const asked = api.calls(wallet.getIncomeExpenseSummary)[0]!.query;
    expect(Object.fromEntries(asked)).toEqual({
      granularity: 'day',
      direction: 'expense',
      startDate: '2026-03-01',
      endDate: '2026-03-03',
    });

    fireEvent.mouseEnter(container.querySelector('g[data-group="2026-03-02"]')!);
    expect(screen.getByTestId('bar-chart-tooltip').textContent).toBe('Mar 2, 2026Income: ¥0.00Expense: ¥20.00');
  });

  it('switches to months, named in the chosen language', async () => {
    serve(BY_DAY);
    renderWithProviders(<IncomeExpenseChart filters={{}} />);
    await screen.findByRole('table');

    fireEvent.click(screen.getByText('By month'));

    await waitFor(() =>
      expect(tableRows()).toEqual(['MonthIncomeExpense', 'Feb 2026¥0.00¥0.00', 'Mar 2026¥50.00¥25.50']),
    );
    expect(api.calls(wallet.getIncomeExpenseSummary).at(-1)!.query.get('granularity')).toBe('month');
    useInterfaceSettings.getState().setLanguage('zh-CN');
    await waitFor(() => expect(tableRows()[2]).toBe('2026年3月¥50.00¥25.50'));
    expect(screen.getByText('按日')).toBeTruthy();
  });

  it('says when nothing moved in the range, rather than drawing an empty axis', async () => {
    serve({ ...BY_DAY, buckets: BY_DAY.buckets.map((bucket) => ({ ...bucket, income: '0.00', expense: '0.00' })) });
    renderWithProviders(<IncomeExpenseChart filters={{}} />);

    await screen.findByText('No income or expense in these days');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows that it is loading until the server answers', async () => {
    let answer: () => void = () => undefined;
    // The chart says it is loading as soon as it asks, which on a busy box can be before the request reaches the fake
    // server: answer only once it has (CI once waited for a table whose request was never answered).
    const asked = new Promise<void>((received) =>
      api.on(
        wallet.getIncomeExpenseSummary,
        () =>
          new Promise((resolve) => {
            answer = () => resolve(ok(BY_DAY));
            received();
          }),
      ),
    );
    renderWithProviders(<IncomeExpenseChart filters={{}} />);

    await screen.findByText('Loading the chart…');
    await asked;
    answer();
    await screen.findByRole('table');
    expect(screen.queryByText('Loading the chart…')).toBeNull();
  });

  it("shows the server's refusal of a range too long in place of the bars", async () => {
    const refusal = 'Invalid startDate: by day the chart covers at most 366 days; narrow the dates or show it by month';
    api.on(wallet.getIncomeExpenseSummary, fail(400, refusal, 'startDate'));
    renderWithProviders(<IncomeExpenseChart filters={{ startDate: '2020-01-01' }} />);

    expect((await screen.findByTestId('income-expense-error')).textContent).toContain(refusal);
  });
});
