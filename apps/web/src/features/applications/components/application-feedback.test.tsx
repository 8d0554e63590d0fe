import { applications } from '@suanli/contract';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeEach, describe, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { expectMessage } from '@/test/expectations';
import { fail, ok, startFakeApi } from '@/test/fake-api';
import { applicationRow } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import type { ApplicationRow } from '../api/list-applications';
import { ApplicationActions } from './application-actions';
import { ApplicationNameCell } from './application-name-cell';
import { ApplicationTimedStopDialog } from './application-timed-stop-dialog';

// Pin, rename and timed shutdown say how they went, in the user's language, whether the server agreed or refused.
const api = await startFakeApi();
const ROW: ApplicationRow = applicationRow({ timedStopTime: '2026-03-02T08:00:00.000Z' });
const at = <Endpoint extends { path: string }>(endpoint: Endpoint, path: string) => ({ ...endpoint, path });
const pin = at(applications.pinApplication, '/equipment/deviceServer/topApplication/7');
const timedStop = at(applications.setTimedStop, '/equipment/deviceServer/timedStopApplication/7');

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().setToken('token-1');
});

describe('pinning', () => {
  it('says it is pinned', async () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    api.on(pin, ok({ id: '7', pinned: true }));
    renderWithProviders(
      <MemoryRouter>
        <ApplicationActions row={ROW} destroying={false} onDestroyed={() => undefined} onRecreate={() => undefined} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('app-pin-7'));
    await expectMessage('已置顶 trainer');
  });

  it('says why it could not be pinned', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    api.on(pin, fail(404, 'Application not found'));
    renderWithProviders(
      <MemoryRouter>
        <ApplicationActions row={ROW} destroying={false} onDestroyed={() => undefined} onRecreate={() => undefined} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('app-pin-7'));
    await expectMessage('Application not found');
  });
});

describe('renaming', () => {
  async function rename(name: string) {
    renderWithProviders(
      <MemoryRouter>
        <ApplicationNameCell row={ROW} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /rename|重命名/i }));
    const input = await screen.findByRole('textbox');
    fireEvent.change(input, { target: { value: name } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.keyUp(input, { key: 'Enter' });
  }

  it('says the new name', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    api.on(applications.renameApplication, ok({ id: '7', appName: 'fine-tuner' }));
    await rename('fine-tuner');
    await expectMessage('Renamed to fine-tuner');
  });

  it('says why the name was refused', async () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    api.on(applications.renameApplication, fail(404, '应用不存在'));
    await rename('fine-tuner');
    await expectMessage('应用不存在');
  });
});

describe('timed shutdown', () => {
  it('says it is cancelled', async () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    api.on(timedStop, ok({ id: '7', timedStopTime: null }));
    renderWithProviders(<ApplicationTimedStopDialog row={ROW} onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('app-timed-stop-cancel'));
    await expectMessage('已取消定时关机');
  });

  it('says why it could not be changed', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    api.on(timedStop, fail(409, 'The application is not running'));
    renderWithProviders(<ApplicationTimedStopDialog row={ROW} onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('app-timed-stop-cancel'));
    await expectMessage('The application is not running');
  });
});
