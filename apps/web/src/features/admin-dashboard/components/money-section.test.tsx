import { dashboard, type EndpointData } from '@suanli/contract';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { MoneySection } from './money-section';

type Money = EndpointData<typeof dashboard.getMoneyDashboard>;

const api = await startFakeApi();

const FIGURES: Money = {
  day: '2026-03-02',
  month: '2026-03',
  rechargedToday: '100.00',
  rechargedThisMonth: '300.00',
  owedToUsers: '250.00',
  vouchersOutstanding: '20.00',
  revenue: {
    startDate: '2026-03-01',
    endDate: '2026-03-02',
    rows: [
      { day: '2026-03-01', product: 'gpu', amount: '12.50' },
      { day: '2026-03-02', product: 'gpu', amount: '3.00' },
      { day: '2026-03-02', product: 'disk', amount: '0.40' },
    ],
  },
};

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useInterfaceSettings.getState().setLanguage('en-US');
  useSession.getState().setToken('token-1');
});

// These tests see the contract as the browser does (vitest.config.ts): the chart once read the revenue's products from
// a zod enum that only the server's contract has, and the page broke as soon as there was revenue.
describe("finance's part of the dashboard", () => {
  it('charts revenue by product and day, with each day in the table screen readers get', async () => {
    api.on(dashboard.getMoneyDashboard, () => ok(FIGURES));
    renderWithProviders(<MoneySection />);

    const table = await screen.findByRole('table', { name: /revenue/i });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows[0]).toContain('Data disks');
    expect(rows).toEqual(['DayData disksGPU rental', 'Mar 1, 2026¥0.00¥12.50', 'Mar 2, 2026¥0.40¥3.00']);
    expect(screen.getByTestId('dashboard-money-owedToUsers').textContent).toContain('250.00');
  });

  it('says so when nothing was earned in the range', async () => {
    api.on(dashboard.getMoneyDashboard, () => ok({ ...FIGURES, revenue: { ...FIGURES.revenue, rows: [] } }));
    renderWithProviders(<MoneySection />);

    expect(await screen.findByTestId('dashboard-revenue-empty')).toBeTruthy();
  });
});
