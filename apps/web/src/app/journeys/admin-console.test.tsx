import { dashboard, notices, operators, users, type OperatorArea } from '@suanli/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { ok, startFakeApi } from '@/test/fake-api';
import { currentUser, vipInfo } from '@/test/fixtures';
import { here, renderApp } from '@/test/render-app';

const api = await startFakeApi();

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().clearSession();
  useInterfaceSettings.getState().setLanguage('en-US');
  api.on(users.getUserInfo, ok(currentUser()));
  api.on(users.getVipInfo, ok(vipInfo()));
  api.on(notices.getNewNotice, ok(null));
  api.on(operators.listAuditLog, ok({ rows: [], total: 0 }));
  api.on(operators.listOperators, ok({ rows: [], total: 0 }));
});

const holding = (areas: OperatorArea[]) => {
  useSession.getState().setToken('token-1');
  api.on(operators.getMyOperatorAreas, ok({ areas }));
};

describe('the operations console at /admin', () => {
  it('tells a user in words that they are not an operator (403), and shows no console', async () => {
    holding([]);
    renderApp('/admin');

    expect((await screen.findByTestId('page-title')).textContent).toBe('Not an operator');
    expect(screen.getByTestId('admin-refusal-forbidden').textContent).toContain('(403)');
    expect(screen.queryByTestId('admin-console')).toBeNull();
    expect(api.calls(operators.listAuditLog)).toEqual([]);
  });

  it('asks a guest to sign in, without asking the server for areas', async () => {
    renderApp('/admin/audit');

    expect((await screen.findByTestId('page-title')).textContent).toBe('Sign in as an operator');
    expect(api.calls(operators.getMyOperatorAreas)).toEqual([]);
  });

  it('opens an administrator on the dashboard, its menu holding the pages of its areas only', async () => {
    holding(['admin', 'finance']);
    api.on(dashboard.getOperationsDashboard, ok({ jobs: [], consumers: [], parked: [] }));
    api.on(
      dashboard.getMoneyDashboard,
      ok({
        day: '2026-11-27',
        month: '2026-11',
        rechargedToday: '0.00',
        rechargedThisMonth: '0.00',
        owedToUsers: '0.00',
        vouchersOutstanding: '0.00',
        revenue: { startDate: '2026-10-29', endDate: '2026-11-27', rows: [] },
      }),
    );
    const { router } = renderApp('/admin');

    await waitFor(() => expect(here(router)).toBe('/admin/dashboard'));
    expect((await screen.findByTestId('page-title')).textContent).toBe('Dashboard');
    const menu = within(screen.getByTestId('admin-console').querySelector('nav')!);
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Audit log',
      'Operators',
      'Bank transfers',
      'Invoices',
      'Withdrawals',
      'Codes and vouchers',
      'Refunds',
      'Reconciliation',
      'Ledger check',
    ]);
  });
});
