import { applications } from '@suanli/contract';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { ok, startFakeApi } from '@/test/fake-api';
import { applicationRow } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import type { ApplicationRow } from '../api/list-applications';
import { ApplicationTable } from './application-table';

const api = await startFakeApi();
const ROW: ApplicationRow = applicationRow({
  billingMode: 'day',
  expireTime: '2026-03-02T00:00:00.000Z',
  cost: '50.00',
  billedMinutes: 0,
  hourlyPrice: null,
});
const ACTIONS = ['stop', 'restart', 'renew', 'timed-stop', 'pin', 'destroy'];

function renderList() {
  renderWithProviders(
    <MemoryRouter>
      <ApplicationTable
        initialStatus={undefined}
        onStatusChange={() => undefined}
        onCreate={() => undefined}
        onRecreate={() => undefined}
      />
    </MemoryRouter>,
  );
}

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().setToken('token-1');
  useInterfaceSettings.getState().setLanguage('en-US');
  api.on(applications.listApplications, ok({ rows: [ROW], total: 1 }));
});
afterEach(() => {
  window.innerWidth = 1280;
});

describe('the application list', () => {
  it('on a phone is a card per application with every action', async () => {
    window.innerWidth = 390;
    renderList();
    const card = await screen.findByTestId('app-card-7');
    for (const action of ACTIONS) {
      expect(within(card).getByTestId(`app-${action}-7`)).toBeTruthy();
    }
    expect(screen.queryByTestId('app-table')).toBeNull();
  });

  it('on a laptop keeps the actions in a column fixed at the right edge', async () => {
    renderList();
    const destroy = await screen.findByTestId('app-destroy-7');
    expect(destroy.closest('td')?.className).toContain('ant-table-cell-fix-end');
  });
});
