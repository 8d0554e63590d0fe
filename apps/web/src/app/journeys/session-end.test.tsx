import { auth, notices, realName, users, wechat } from '@suanli/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { expectVisible } from '@/test/expectations';
import { fail, ok, startFakeApi } from '@/test/fake-api';
import { currentUser, vipInfo } from '@/test/fixtures';
import { here, renderApp } from '@/test/render-app';

const api = await startFakeApi();

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().clearSession();
  useLoginDialog.getState().hide();
  useInterfaceSettings.getState().setLanguage('zh-CN');
  useSession.getState().setToken('token-1');
  api.on(auth.checkLocation, ok(0));
  api.on(users.getVipInfo, ok(vipInfo()));
  api.on(notices.listInforms, ok({ rows: [], total: 0, unread: 0 }));
  api.on(notices.getNewNotice, ok(null));
  api.on(auth.getIsPwd, ok(1));
  api.on(wechat.getWechatInfo, ok({ bound: false, nickName: null, boundAt: null }));
  api.on(realName.getRealNameStatus, fail(401, '请先登录'));
});

describe('a session that ends', () => {
  it('says so in the login dialog, and leaves the guarded page for / when the dialog is closed', async () => {
    api.on(users.getUserInfo, fail(401, '请先登录'));
    const { router } = renderApp('/userCenter');

    await expectVisible(() => screen.getByTestId('login-session-ended'));
    expect(screen.getByTestId('login-session-ended').textContent).toBe('您的登录已失效或已在其他地方退出，请重新登录');
    expect(here(router)).toBe('/userCenter');

    act(() => useLoginDialog.getState().hide());
    await waitFor(() => expect(here(router)).toBe('/'));
    expect(await screen.findByTestId('login-button')).toBeVisible();
  });

  it('opens the dialog without that note for a guest who asks to log in', async () => {
    useSession.getState().clearSession();
    renderApp('/aigc');

    act(() => useLoginDialog.getState().show());
    await screen.findByTestId('login-dialog-note');
    expect(screen.queryByTestId('login-session-ended')).toBeNull();
  });

  it('follows a logout in another tab: the guarded page is left and the header shows login', async () => {
    api.on(users.getUserInfo, ok(currentUser()));
    api.on(
      realName.getRealNameStatus,
      ok({ status: '0', realName: null, idCard: null, verifiedAt: null, attemptsLeft: 3, sandbox: true }),
    );
    const { router } = renderApp('/userCenter');
    await screen.findByTestId('user-avatar');

    // Another tab removed the token: this tab hears it as a storage event.
    act(() => {
      localStorage.removeItem('suanli.access-token');
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'suanli.access-token',
          oldValue: 'token-1',
          newValue: null,
          storageArea: localStorage,
        }),
      );
    });

    await waitFor(() => expect(here(router)).toBe('/'));
    expect(await screen.findByTestId('login-button')).toBeVisible();
    expect(useSession.getState()).toMatchObject({ token: null, isLogin: false });
    expect(useLoginDialog.getState().open).toBe(false);
  });
});
