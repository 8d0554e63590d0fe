import { auth, notices, realName, users, wechat } from '@suanli/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '../../shared/stores/interface-settings-store';
import { useSession } from '../../shared/stores/session-store';
import { ok, startFakeApi } from '../../test/fake-api';
import { currentUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const api = await startFakeApi();
const NOT_VERIFIED = { status: '0', realName: null, idCard: null, verifiedAt: null, attemptsLeft: 2, sandbox: true };

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().clearSession();
  useInterfaceSettings.getState().setLanguage('zh-CN');
  useSession.getState().setToken('token-1');
  api.on(users.getUserInfo, ok(currentUser()));
  api.on(users.getVipInfo, ok(currentUser().vip));
  api.on(notices.listInforms, ok({ rows: [], total: 0, unread: 0 }));
  api.on(notices.getNewNotice, ok(null));
  api.on(auth.getCaptcha, ok({ captchaEnabled: false, img: '', uuid: '' }));
  api.on(wechat.getWechatInfo, ok({ bound: false, nickName: null, boundAt: null }));
  api.on(realName.getRealNameStatus, ok(NOT_VERIFIED));
  api.on(auth.updatePassword, ok(null));
});

describe('password settings', () => {
  it('asks for the current password when one exists and sends it with the new one', async () => {
    api.on(auth.getIsPwd, ok(1));
    renderApp('/userCenter');

    const card = await screen.findByTestId('security-password');
    await within(card).findByTestId('password-current');
    expect(within(card).getByTestId('password-guidance').textContent).toBe('建议使用字母与数字组合，长度大于 8 位');
    type('password-current', 'old-secret');
    type('password-new', 'new-secret-1');
    type('password-confirm', 'new-secret-1');
    fireEvent.click(screen.getByTestId('password-submit'));

    expect(await screen.findByText('密码已保存')).toBeTruthy();
    expect(api.calls(auth.updatePassword)[0]?.json).toEqual({ oldPassword: 'old-secret', password: 'new-secret-1' });
  });

  it('sets a first password without asking for a current one', async () => {
    api.on(auth.getIsPwd, ok(0));
    renderApp('/userCenter');

    await screen.findByTestId('password-new');
    expect(screen.queryByTestId('password-current')).toBeNull();
    type('password-new', 'first-secret');
    type('password-confirm', 'different');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();

    type('password-confirm', 'first-secret');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('密码已保存')).toBeTruthy();
    expect(api.calls(auth.updatePassword)[0]?.json).toEqual({ password: 'first-secret' });
  });
});

describe('real-name authentication', () => {
  it('shows the attempts left and the sandbox note, then the masked record once verified', async () => {
    api.on(auth.getIsPwd, ok(1));
    api.on(
      realName.verifyRealName,
      ok({
        status: '1',
        realName: '张*',
        idCard: '1101**********123X',
        verifiedAt: '2025-06-01T08:00:00Z',
        attemptsLeft: 1,
        sandbox: true,
      }),
    );
    renderApp('/userCenter');

    expect((await screen.findByTestId('realname-attempts-left')).textContent).toBe('今日剩余认证次数：2');
    expect(screen.getByTestId('realname-sandbox-note')).toBeTruthy();
    expect(screen.getByTestId('realname-status').textContent).toBe('未实名认证');
    type('realname-name', '张三');
    type('realname-id-card', '11010519900307123x');
    fireEvent.click(screen.getByTestId('realname-submit'));

    expect(await screen.findByText('实名认证成功')).toBeTruthy();
    expect((await screen.findByTestId('realname-record-id-card')).textContent).toBe('1101**********123X');
    const verify = api.calls(realName.verifyRealName)[0];
    expect(verify?.query.get('realName')).toBe('张三');
    expect(verify?.query.get('idCard')).toBe('11010519900307123x');
    expect(screen.getByTestId('realname-status').textContent).toBe('已实名认证');
    expect(useSession.getState().verifiedStatus).toBe('1');
  });

  it('refuses to submit when no attempts are left today', async () => {
    api.on(auth.getIsPwd, ok(1));
    api.on(realName.getRealNameStatus, ok({ ...NOT_VERIFIED, attemptsLeft: 0, sandbox: false }));
    renderApp('/userCenter');

    expect((await screen.findByTestId('realname-attempts-left')).textContent).toBe(
      '今日认证次数已用完，请 24 小时后再试',
    );
    expect(screen.getByTestId('realname-submit').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('realname-sandbox-note')).toBeNull();
  });
});
