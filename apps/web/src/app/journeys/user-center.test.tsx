import { auth, notices, realName, users, wechat, type EndpointData } from '@suanli/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { currentUserQueryOptions } from '@/features/auth/api/get-user-info';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { expectFieldError, expectMessage } from '@/test/expectations';
import { fail, ok, startFakeApi } from '@/test/fake-api';
import { currentUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const api = await startFakeApi();
type RealNameRecord = EndpointData<typeof realName.getRealNameStatus>;

const NOT_VERIFIED: RealNameRecord = {
  status: '0',
  realName: null,
  idCard: null,
  verifiedAt: null,
  attemptsLeft: 2,
  sandbox: true,
};

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

    await expectMessage('密码已保存');
    expect(api.calls(auth.updatePassword)[0]?.json).toEqual({ oldPassword: 'old-secret', password: 'new-secret-1' });
  });

  it('shows a wrong current password under the field the server names, not as a message', async () => {
    api.on(auth.getIsPwd, ok(1));
    api.on(auth.updatePassword, fail(422, '原密码错误', 'oldPassword'));
    renderApp('/userCenter');

    await screen.findByTestId('password-current');
    type('password-current', 'not-it');
    type('password-new', 'new-secret-1');
    type('password-confirm', 'new-secret-1');
    fireEvent.click(screen.getByTestId('password-submit'));

    await expectFieldError('password-current', '原密码错误');
    expect(screen.getAllByText('原密码错误')).toHaveLength(1);
  });

  it('sets a first password without asking for a current one', async () => {
    api.on(auth.getIsPwd, ok(0));
    renderApp('/userCenter');

    // The card shows a skeleton until getIsPwd answers; its title says which form follows.
    const card = await screen.findByTestId('security-password');
    await waitFor(() => expect(card.querySelector('.ant-card-head-title')?.textContent).toBe('设置登录密码'));
    await within(card).findByTestId('password-new');
    expect(screen.queryByTestId('password-current')).toBeNull();
    type('password-new', 'first-secret');
    type('password-confirm', 'different');
    fireEvent.click(screen.getByTestId('password-submit'));
    await expectFieldError('password-confirm', '两次输入的密码不一致');

    type('password-confirm', 'first-secret');
    fireEvent.click(screen.getByTestId('password-submit'));
    await expectMessage('密码已保存');
    expect(api.calls(auth.updatePassword)[0]?.json).toEqual({ password: 'first-secret' });
  });
});

describe('real-name authentication', () => {
  it('shows the attempts left and the sandbox note, then the masked record once verified', async () => {
    const verified: RealNameRecord = {
      status: '1',
      realName: '张*',
      idCard: '1101**********123X',
      verifiedAt: '2025-06-01T08:00:00Z',
      attemptsLeft: 1,
      sandbox: true,
    };
    let record = NOT_VERIFIED;
    api.on(auth.getIsPwd, ok(1));
    // The server's state after the check, as every later read of the record and of the user answers it.
    api.on(realName.getRealNameStatus, () => ok(record));
    api.on(users.getUserInfo, () => ok(currentUser({ verifiedStatus: record.status })));
    api.on(realName.verifyRealName, () => {
      record = verified;
      return ok(verified);
    });
    const { queryClient } = renderApp('/userCenter');

    expect((await screen.findByTestId('realname-attempts-left')).textContent).toBe('今日剩余认证次数：2');
    expect(screen.getByTestId('realname-sandbox-note')).toBeVisible();
    expect(screen.getByTestId('realname-status').textContent).toBe('未实名认证');
    type('realname-name', '张三');
    type('realname-id-card', '11010519900307123x');
    fireEvent.click(screen.getByTestId('realname-submit'));

    await expectMessage('实名认证成功');
    expect((await screen.findByTestId('realname-record-id-card')).textContent).toBe('1101**********123X');
    const verify = api.calls(realName.verifyRealName)[0];
    expect(verify?.query.get('realName')).toBe('张三');
    expect(verify?.query.get('idCard')).toBe('11010519900307123x');
    expect(screen.getByTestId('realname-status').textContent).toBe('已实名认证');
    await waitFor(() => expect(queryClient.getQueryData(currentUserQueryOptions().queryKey)?.verifiedStatus).toBe('1'));
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
