import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { expectMessage } from '@/test/expectations';
import { here, renderApp } from '@/test/render-app';

beforeEach(() => {
  useSession.getState().clearSession();
  useInterfaceSettings.getState().setLanguage('zh-CN');
});

// The "more" submenu cannot open under jsdom: antd's horizontal menu waits for an overflow measurement that needs
// real layout, so its entries (feedback, help docs) are exercised by the browser journeys instead.
describe('logging out', () => {
  it('logs out after confirmation, back to the application center with a message', async () => {
    useSession.getState().setToken('token-1');
    const { router } = renderApp('/myApp');

    fireEvent.mouseEnter(await screen.findByTestId('user-avatar'));
    fireEvent.click(await screen.findByTestId('logout-button'));
    fireEvent.click(await screen.findByRole('button', { name: /^确\s*定$/ }));

    await expectMessage('已退出登录');
    await waitFor(() => expect(here(router)).toBe('/aigc'));
    expect(useSession.getState()).toMatchObject({ token: null, isLogin: false });
    expect(screen.getByTestId('login-button')).toBeVisible();
  });
});
