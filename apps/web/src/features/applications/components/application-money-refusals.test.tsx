import { applications } from '@suanli/contract';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { fail, ok, startFakeApi } from '@/test/fake-api';
import { applicationRow } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import type { ApplicationRow } from '../api/list-applications';
import { ApplicationActions } from './application-actions';

// Issue 19: a restart refused for want of money leads to a recharge; a destroy says what will come back.
const api = await startFakeApi();
const ROW: ApplicationRow = applicationRow({
  id: '8',
  appName: 'daily',
  status: 'stopped',
  billingMode: 'day',
  expireTime: '2026-03-02T00:00:00.000Z',
  orderNo: 'A20260301000000000002',
  cost: '54.72',
  billedMinutes: 0,
  hourlyPrice: null,
});
const at = <Endpoint extends { path: string }>(endpoint: Endpoint, path: string) => ({ ...endpoint, path });
const restart = at(applications.restartApplication, '/equipment/deviceServer/restartApplication/8');
const quote = at(applications.getDestroyQuote, '/equipment/deviceServer/destructionQuote/8');

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().setToken('token-1');
});

const renderActions = (row: ApplicationRow = ROW) =>
  renderWithProviders(
    <MemoryRouter>
      <ApplicationActions row={row} destroying={false} onDestroyed={() => undefined} onRecreate={() => undefined} />
    </MemoryRouter>,
  );

describe('a restart refused for want of money', () => {
  it('offers a recharge, in the server’s words', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    api.on(restart, fail(422, 'Insufficient balance, please recharge first', 'amount'));
    renderActions();
    fireEvent.click(screen.getByTestId('app-restart-8'));
    expect((await screen.findByTestId('app-restart-refused')).textContent).toContain('Insufficient balance');
    expect(screen.getByTestId('app-restart-recharge').textContent).toContain('Recharge');
  });
});

describe('the destroy confirmation', () => {
  it('says how much comes back', async () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    api.on(quote, ok({ id: '8', amount: '41.04', fee: '2.05', refund: '38.99' }));
    renderActions();
    fireEvent.click(screen.getByTestId('app-destroy-8'));
    expect((await screen.findByTestId('app-destroy-refund')).textContent).toContain('销毁后将退还 ¥38.99');
  });

  it('says plainly when nothing does', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    api.on(quote, ok({ id: '8', amount: '0.00', fee: '0.00', refund: '0.00' }));
    renderActions({ ...ROW, billingMode: 'minute', hourlyPrice: '2.28' });
    fireEvent.click(screen.getByTestId('app-destroy-8'));
    expect((await screen.findByTestId('app-destroy-refund')).textContent).toMatch(/^Nothing comes back/);
  });
});
