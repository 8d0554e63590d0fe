import { auth, notices, realName, users, wechat, type EndpointData } from '@suanli/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { currentUserQueryOptions } from '@/features/auth/api/get-user-info';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { expectFieldError, expectMessage } from '@/test/expectations';
import { fail, ok, startFakeApi } from '@/test/fake-api';
import { currentUser, vipInfo } from '@/test/fixtures';
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

/** Opens one row's form from the security list, as its action button does. */
async function openDialog(item: string) {
  const action = await screen.findByTestId(`security-action-${item}`);
  await waitFor(() => expect(action.hasAttribute('disabled')).toBe(false));
  fireEvent.click(action);
  await screen.findByTestId(`security-dialog-${item}`);
}

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().clearSession();
  useInterfaceSettings.getState().setLanguage('zh-CN');
  useSession.getState().setToken('token-1');
  api.on(users.getUserInfo, ok(currentUser()));
  api.on(users.getVipInfo, ok(vipInfo()));
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

    await openDialog('password');
    const dialog = await screen.findByTestId('security-dialog-password');
    await within(dialog).findByTestId('password-current');
    expect(within(dialog).getByTestId('password-guidance').textContent).toBe('建议使用字母与数字组合，长度大于 8 位');
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

    await openDialog('password');
    await screen.findByTestId('password-current');
    type('password-current', 'not-it');
    type('password-new', 'new-secret-1');
    type('password-confirm', 'new-secret-1');
    fireEvent.click(screen.getByTestId('password-submit'));

    await expectFieldError('password-current', '原密码错误');
    expect(screen.getAllByText('原密码错误')).toHaveLength(1);
  });

  it('refuses a new password equal to the current one under the new password, before and at the server', async () => {
    api.on(auth.getIsPwd, ok(1));
    api.on(auth.updatePassword, fail(422, '新密码不能与原密码相同', 'password'));
    renderApp('/userCenter');

    await openDialog('password');
    await screen.findByTestId('password-current');
    type('password-current', 'same-secret-1');
    type('password-new', 'same-secret-1');
    type('password-confirm', 'same-secret-1');
    fireEvent.click(screen.getByTestId('password-submit'));
    await expectFieldError('password-new', '新密码不能与原密码相同');
    expect(api.calls(auth.updatePassword)).toHaveLength(0);

    // A refusal the console did not foresee (another spelling of the same password) is shown where the server says.
    type('password-current', 'same-secret-2');
    type('password-new', 'same-secret-1');
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(api.calls(auth.updatePassword)).toHaveLength(1));
    await expectFieldError('password-new', '新密码不能与原密码相同');
  });

  it('sets a first password without asking for a current one', async () => {
    api.on(auth.getIsPwd, ok(0));
    renderApp('/userCenter');

    // The row says no password is set; its dialog's title says which form follows.
    await waitFor(() => expect(screen.getByTestId('security-state-password').textContent).toContain('未设置'));
    await openDialog('password');
    const dialog = (await screen.findByTestId('security-dialog-password')).closest('.ant-modal');
    expect(dialog?.querySelector('.ant-modal-title')?.textContent).toBe('设置登录密码');
    await screen.findByTestId('password-new');
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
      idCard: '1101**********002X',
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

    await waitFor(() => expect(screen.getByTestId('security-state-realname').textContent).toContain('未认证'));
    await openDialog('realname');
    expect((await screen.findByTestId('realname-attempts-left')).textContent).toBe('24 小时内剩余认证次数：2');
    expect(screen.getByTestId('realname-sandbox-note')).toBeVisible();
    type('realname-name', '张三');
    type('realname-id-card', '11010519491231002x');
    fireEvent.click(screen.getByTestId('realname-submit'));

    await expectMessage('实名认证成功');
    expect((await screen.findByTestId('realname-record-id-card')).textContent).toBe('1101**********002X');
    const verify = api.calls(realName.verifyRealName)[0];
    expect(verify?.query.get('realName')).toBe('张三');
    expect(verify?.query.get('idCard')).toBe('11010519491231002X');
    expect(screen.getByTestId('security-state-realname').textContent).toContain('已认证');
    expect(screen.queryByTestId('security-action-realname')).toBeNull();
    await waitFor(() => expect(queryClient.getQueryData(currentUserQueryOptions().queryKey)?.verifiedStatus).toBe('1'));
  });

  it('refuses an ID number whose check digit does not fit, without spending an attempt', async () => {
    api.on(auth.getIsPwd, ok(1));
    renderApp('/userCenter');

    await openDialog('realname');
    type('realname-name', '李四');
    type('realname-id-card', '110105194912310021');
    fireEvent.click(screen.getByTestId('realname-submit'));

    await expectFieldError('realname-id-card', '身份证号最后一位校验位不正确，请核对后重新输入');
    expect(api.calls(realName.verifyRealName)).toHaveLength(0);
  });

  it('refuses to submit when no attempts are left in 24 hours', async () => {
    api.on(auth.getIsPwd, ok(1));
    api.on(realName.getRealNameStatus, ok({ ...NOT_VERIFIED, attemptsLeft: 0, sandbox: false }));
    renderApp('/userCenter');

    await openDialog('realname');
    expect((await screen.findByTestId('realname-attempts-left')).textContent).toBe(
      '24 小时内的认证次数已用完，请稍后再试',
    );
    expect(screen.getByTestId('realname-submit').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('realname-sandbox-note')).toBeNull();
  });
});

describe('phone and e-mail', () => {
  it('shows a placeholder, never "not bound", until the user has loaded', async () => {
    let release: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.on(auth.getIsPwd, ok(1));
    api.on(users.getUserInfo, () => loaded.then(() => ok(currentUser({ phone: '138****0000', email: null }))));
    renderApp('/userCenter');

    const state = await screen.findByTestId('security-state-phone');
    await waitFor(() => expect(api.calls(users.getUserInfo)).toHaveLength(1));
    expect(state.querySelector('.ant-skeleton')).not.toBeNull();
    expect(state.textContent).not.toContain('未绑定');
    expect(screen.getByTestId('security-action-phone').hasAttribute('disabled')).toBe(true);

    release();
    await waitFor(() => expect(screen.getByTestId('security-state-phone').textContent).toBe('138****0000'));
    expect(screen.getByTestId('security-state-email').textContent).toBe('未绑定');
  });

  it('changes the phone in two steps, sending the current phone code with the new one', async () => {
    api.on(auth.getIsPwd, ok(1));
    api.on(auth.sendSmsCode, ok(null));
    api.on(auth.updatePhone, ok(null));
    renderApp('/userCenter');

    await openDialog('phone');
    expect(screen.getByTestId('phone-old-masked').textContent).toBe('138****0000');
    fireEvent.click(screen.getByTestId('phone-old-send-code'));
    await waitFor(() => expect(api.calls(auth.sendSmsCode)).toHaveLength(1));
    expect(api.calls(auth.sendSmsCode)[0]?.json).toEqual({ type: 'oldPhone' });
    type('phone-old-code', '111111');
    fireEvent.click(screen.getByTestId('phone-old-next'));

    await screen.findByTestId('phone-new');
    type('phone-new', '13912345678');
    fireEvent.click(screen.getByTestId('phone-send-code'));
    await waitFor(() => expect(api.calls(auth.sendSmsCode)).toHaveLength(2));
    expect(api.calls(auth.sendSmsCode)[1]?.json).toEqual({ phone: '13912345678', type: 'phone' });
    type('phone-code', '222222');
    fireEvent.click(screen.getByTestId('phone-submit'));

    await expectMessage('手机号已绑定');
    expect(api.calls(auth.updatePhone)[0]?.json).toEqual({
      phonenumber: '13912345678',
      verificationCode: '222222',
      oldPhoneCode: '111111',
    });
  });

  it('goes back to the first step with the server words when the current phone code was wrong', async () => {
    api.on(auth.getIsPwd, ok(1));
    api.on(auth.sendSmsCode, ok(null));
    api.on(auth.updatePhone, fail(422, '验证码错误，还可尝试 4 次', 'oldPhoneCode'));
    renderApp('/userCenter');

    await openDialog('phone');
    type('phone-old-code', '999999');
    fireEvent.click(screen.getByTestId('phone-old-next'));
    await screen.findByTestId('phone-new');
    type('phone-new', '13912345678');
    type('phone-code', '222222');
    fireEvent.click(screen.getByTestId('phone-submit'));

    await expectFieldError('phone-old-code', '验证码错误，还可尝试 4 次');
  });

  it('binds a first e-mail with the code sent to it alone', async () => {
    api.on(auth.getIsPwd, ok(1));
    api.on(users.getUserInfo, ok(currentUser({ email: null })));
    api.on(auth.sendEmailCode, ok(null));
    api.on(auth.updateEmail, ok(null));
    renderApp('/userCenter');

    await openDialog('email');
    expect(screen.queryByTestId('email-old-code')).toBeNull();
    type('email-new', 'me@example.com');
    fireEvent.click(screen.getByTestId('email-send-code'));
    await waitFor(() => expect(api.calls(auth.sendEmailCode)).toHaveLength(1));
    expect(api.calls(auth.sendEmailCode)[0]?.json).toEqual({ email: 'me@example.com', type: 'email' });
    expect(api.calls(auth.sendEmailCode)[0]?.headers.authorization).toBe('Bearer token-1');
    type('email-code', '333333');
    fireEvent.click(screen.getByTestId('email-submit'));

    await expectMessage('邮箱已绑定');
    expect(api.calls(auth.updateEmail)[0]?.json).toEqual({ email: 'me@example.com', emailCode: '333333' });
  });
});
