import { dashboard, notices, operators, users, type OperatorArea } from '@suanli/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { fail, inSequence, ok, startFakeApi } from '@/test/fake-api';
import { currentUser, vipInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const api = await startFakeApi();

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().clearSession();
  useInterfaceSettings.getState().setLanguage('en-US');
  api.on(users.getUserInfo, ok(currentUser()));
  api.on(users.getVipInfo, ok(vipInfo()));
  api.on(notices.getNewNotice, ok(null));
});

const holding = (areas: OperatorArea[]) => {
  useSession.getState().setToken('token-1');
  api.on(operators.getMyOperatorAreas, ok({ areas }));
};

const parkedEvent = {
  consumer: 'notices.inform',
  eventId: '42',
  type: 'balance.low',
  subject: 'user:7',
  error: 'boom',
  heldBehind: null,
  attempts: 5,
  parkedAt: '2026-11-27T01:00:00.000Z',
};

describe('the operations console’s dashboard', () => {
  it('shows the sections of the areas held only, with the figures the server read', async () => {
    holding(['support', 'fleet']);
    api.on(
      dashboard.getUsersDashboard,
      ok({ day: '2026-11-27', newToday: 7, verifiedToday: 2, verifiedTotal: 40, total: 90 }),
    );
    api.on(
      dashboard.getFleetDashboard,
      ok({
        gpus: [
          {
            model: 'RTX 4090',
            regionId: 'cn-east-1',
            regionNameZh: '华东一区',
            regionNameEn: 'East China 1',
            free: 12,
            busy: 3,
            broken: 1,
            draining: 0,
          },
        ],
        runningApplications: 3,
        utilisation: [],
      }),
    );
    renderApp('/admin/dashboard');

    expect((await screen.findByTestId('dashboard-users-newToday')).textContent).toContain('7');
    expect(screen.getByTestId('dashboard-users-verifiedTotal').textContent).toContain('40');
    expect((await screen.findByTestId('dashboard-fleet-runningApplications')).textContent).toContain('3');
    expect(screen.getByTestId('dashboard-fleet-free').textContent).toContain('12');
    expect(within(screen.getByTestId('dashboard-gpus')).getByText('East China 1')).toBeTruthy();
    expect(screen.getByTestId('dashboard-utilisation-empty')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-money')).toBeNull();
    expect(screen.queryByTestId('dashboard-operations')).toBeNull();
    expect(api.calls(dashboard.getMoneyDashboard)).toEqual([]);
    expect(api.calls(dashboard.getOperationsDashboard)).toEqual([]);
  });

  it('retries a parked event with the reason, and shows another operator’s 409 in the server’s words', async () => {
    holding(['admin']);
    api.on(
      dashboard.getOperationsDashboard,
      inSequence(
        ok({ jobs: [], consumers: [], parked: [parkedEvent] }),
        ok({ jobs: [], consumers: [], parked: [parkedEvent] }),
        ok({ jobs: [], consumers: [], parked: [] }),
      ),
    );
    api.on(
      dashboard.retryParkedEvent,
      inSequence(
        fail(409, 'Event 42 is not parked for notices.inform (already retried?)'),
        ok({ consumer: 'notices.inform', eventId: '42', unparked: 1 }),
      ),
    );
    renderApp('/admin/dashboard');

    fireEvent.click(await screen.findByTestId('dashboard-retry-42'));
    fireEvent.change(await screen.findByTestId('dashboard-retry-dialog-reason'), { target: { value: 'fixed' } });
    fireEvent.click(screen.getByTestId('dashboard-retry-dialog-ok'));
    expect(await screen.findByText('Event 42 is not parked for notices.inform (already retried?)')).toBeTruthy();

    fireEvent.click(screen.getByTestId('dashboard-retry-dialog-ok'));
    await waitFor(() => expect(api.calls(dashboard.retryParkedEvent)).toHaveLength(2));
    expect(api.calls(dashboard.retryParkedEvent)[1]!.json).toEqual({
      consumer: 'notices.inform',
      eventId: '42',
      reason: 'fixed',
    });
    expect(await screen.findByTestId('dashboard-parked-empty')).toBeTruthy();
  });
});
