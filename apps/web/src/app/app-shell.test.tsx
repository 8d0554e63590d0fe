import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { expectVisible } from '@/test/expectations';
import { here, renderApp } from '@/test/render-app';

beforeEach(() => {
  useSession.getState().clearSession();
  useLoginDialog.getState().hide();
  useInterfaceSettings.getState().setLanguage('zh-CN');
});

async function menuLabel(key: string): Promise<string | null> {
  const menu = await screen.findByTestId('main-menu');
  return within(menu).getByTestId(`menu-${key}`).textContent;
}

describe('the console shell', () => {
  it('shows the top menu and the page title in Chinese by default', async () => {
    renderApp('/aigc');

    expect(await menuLabel('ourConsole')).toBe('控制台');
    expect(await menuLabel('aigc')).toBe('应用中心');
    expect(await menuLabel('APIOpen')).toBe('API 开放平台');
    expect((await screen.findByTestId('page-title')).textContent).toBe('应用中心');
    // Both labels are drawn; the stylesheet shows the long one from desktop width and the short one below it.
    expect(within(screen.getByTestId('login-button')).getByText('登录 / 注册')).toBeTruthy();
    expect(within(screen.getByTestId('login-button')).getByText('登录')).toBeTruthy();
  });

  it('switches menu, title and footer to English and remembers the choice', async () => {
    renderApp('/model');
    await screen.findByTestId('page-title');
    expect(screen.getByTestId('lang-switch').contains(screen.getByTestId('lang-option-en-US'))).toBe(true);

    fireEvent.click(screen.getByTestId('lang-option-en-US'));

    await waitFor(async () => expect(await menuLabel('aigc')).toBe('App center'));
    expect(await menuLabel('more')).toBe('More');
    expect(screen.getByTestId('page-title').textContent).toBe('Model center');
    expect(screen.getByTestId('site-footer').textContent).toContain('Suanli Cloud');
    expect(document.documentElement.lang).toBe('en-US');
    expect(localStorage.getItem('suanli.interface-settings')).toContain('"appLanguage":"en-US"');
  });

  it('opens the login dialog from the login button', async () => {
    renderApp('/aigc');

    fireEvent.click(await screen.findByTestId('login-button'));

    await expectVisible(() => screen.getByTestId('login-dialog'));
    const wechatTab = await screen.findByTestId('login-tab-wechat');
    expect(wechatTab.closest('.ant-segmented-item')?.querySelector('input')?.checked).toBe(true);
  });

  it('shows the avatar instead of the login button when logged in', async () => {
    useSession.getState().setToken('token-1');
    renderApp('/aigc');

    expect(await screen.findByTestId('user-avatar')).toBeVisible();
    expect(screen.queryByTestId('login-button')).toBeNull();
  });

  it('navigates from a menu entry and highlights it', async () => {
    const { router } = renderApp('/aigc');

    fireEvent.click(await screen.findByTestId('menu-computerPower'));

    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('算力'));
    expect(here(router)).toBe('/computerPower');
    const item = screen.getByTestId('menu-computerPower').closest('li');
    expect(item?.className).toContain('ant-menu-item-selected');
  });

  it('sends the console button to the console, which asks a guest to log in', async () => {
    const { router } = renderApp('/aigc');

    fireEvent.click(await screen.findByTestId('console-button'));

    await waitFor(() => expect(here(router)).toBe('/'));
    await expectVisible(() => screen.getByTestId('login-dialog'));
  });
});
