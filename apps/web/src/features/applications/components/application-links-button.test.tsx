import { applications } from '@suanli/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { expectMessage } from '@/test/expectations';
import { ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { ApplicationLinksButton } from './application-links-button';

const api = await startFakeApi();
const LOGIN_URL = 'http://7-8888.apps.localhost:8080/?login=one-time';

// The fake answers a concrete path: the endpoints' own paths, with application 7 and its port 8888 filled in.
const links = { ...applications.listApplicationLinks, path: '/equipment/deviceServer/applicationLinks/7/live' };
const login = { ...applications.appLogin, path: '/equipment/deviceServer/appLogin/7/8888' };

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useInterfaceSettings.getState().setLanguage('zh-CN');
  api.on(links, ok([{ name: 'JupyterLab', port: 8888, kind: 'jupyter', url: '' }]));
  api.on(login, ok({ url: LOGIN_URL }));
});
afterEach(() => vi.restoreAllMocks());

async function chooseJupyter() {
  renderWithProviders(<ApplicationLinksButton id="7" disabled={false} />);
  fireEvent.click(screen.getByTestId('app-links-7'));
  fireEvent.click(await screen.findByTestId('app-link-7-8888'));
}

describe('opening an application link', () => {
  it('opens the tab in the click and then sends it to the one-time login of the link', async () => {
    const tab = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await chooseJupyter();

    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    await vi.waitFor(() => expect(tab.location.href).toBe(LOGIN_URL));
    expect(api.calls(login)).toHaveLength(1);
  });

  it('says the popup was blocked, and asks for no login, when the browser refuses the tab', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await chooseJupyter();

    await expectMessage('弹出窗口被拦截，请检查浏览器设置');
    expect(api.calls(login)).toHaveLength(0);
  });
});
