import { auth, users } from '@suanli/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { currentUserQueryOptions } from '@/features/auth/api/get-user-info';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { expectFieldError, expectMessage } from '@/test/expectations';
import { fail, inSequence, ok, startFakeApi } from '@/test/fake-api';
import { currentUser, nextCaptcha, vipInfo } from '@/test/fixtures';
import { here, renderApp } from '@/test/render-app';

const api = await startFakeApi();

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().clearSession();
  useSession.getState().setInvitationCode('');
  useLoginDialog.getState().hide();
  useInterfaceSettings.getState().setLanguage('zh-CN');
  api.on(auth.checkLocation, ok(0));
  api.on(auth.getCaptcha, () => ok(nextCaptcha()));
});

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

async function openDialog(path = '/aigc') {
  const view = renderApp(path);
  fireEvent.click(await screen.findByTestId('login-button'));
  await screen.findByTestId('login-tab-wechat');
  return view;
}

function selectedTab(): string | null | undefined {
  const selected = document.querySelector('.ant-segmented-item-selected [data-testid^="login-tab-"]');
  return selected?.getAttribute('data-testid');
}

async function captchaUuid(): Promise<string | null> {
  return (await screen.findByTestId('login-captcha-img')).getAttribute('data-uuid');
}

describe('the login dialog', () => {
  it('opens on the WeChat tab when the local flag is 0, asking for the flag only once', async () => {
    await openDialog();
    expect(selectedTab()).toBe('login-tab-wechat');

    act(() => useLoginDialog.getState().hide());
    act(() => useLoginDialog.getState().show());

    await screen.findByTestId('login-tab-wechat');
    expect(api.calls(auth.checkLocation)).toHaveLength(1);
  });

  it('opens on the Account tab when the local flag is 1 and asks for an e-mail first', async () => {
    api.on(auth.checkLocation, ok(1));
    await openDialog();

    expect(selectedTab()).toBe('login-tab-account');
    await screen.findByTestId('login-captcha-img');
    fireEvent.click(screen.getByTestId('login-submit'));

    await expectFieldError('login-username', '请输入邮箱或中国大陆手机号');
    await expectFieldError('login-password', '请输入密码');
    await expectFieldError('login-captcha-input', '请输入计算结果');
  });

  it('warns about an account that is neither a phone nor an e-mail when the username loses focus', async () => {
    await openDialog();
    fireEvent.click(screen.getByTestId('login-tab-account'));
    type('login-username', 'not-an-account');
    fireEvent.blur(screen.getByTestId('login-username'));

    expect((await screen.findAllByText('请输入正确的手机号或邮箱地址')).length).toBeGreaterThan(0);
    expect(api.calls(auth.getUserByMail)).toHaveLength(0);
  });

  it('registers an unregistered e-mail, logs in and leads from the benefit notice to the recharge center', async () => {
    api.on(auth.getUserByMail, ok(0));
    api.on(auth.sendEmailCode, ok(null));
    api.on(auth.registerByEmail, ok({ access_token: 'token-new', expires_in: 2_592_000 }));
    api.on(users.getVipInfo, ok(vipInfo()));
    api.on(users.getUserInfo, ok(currentUser({ nickName: '新用户', email: 'n***@example.com' })));
    api.on(users.checkBenefit, ok(1, '10'));
    const { router, queryClient } = await openDialog('/aigc?invitationCode=INV42');

    fireEvent.click(screen.getByTestId('login-tab-account'));
    type('login-username', 'new@example.com');
    fireEvent.blur(screen.getByTestId('login-username'));
    expect(await screen.findByTestId('login-register-hint')).toBeVisible();
    expect(api.calls(auth.getUserByMail)[0]?.query.get('mail')).toBe('new@example.com');
    expect((screen.getByTestId('login-invitation-code') as HTMLInputElement).value).toBe('INV42');
    expect(screen.getByTestId('login-submit').textContent).toContain('注册并登录');

    type('login-password', '12345');
    fireEvent.click(screen.getByTestId('login-submit'));
    await expectFieldError('login-password', '密码长度应为 6-20 位');
    await expectFieldError('login-code', '请输入验证码');

    type('login-password', 'secret-12');
    const firstCaptcha = await captchaUuid();
    type('login-captcha-input', '7');
    fireEvent.click(screen.getByTestId('login-send-code'));

    await expectMessage('验证码已发送至您的邮箱/手机，请注意查收');
    const send = api.calls(auth.sendEmailCode)[0];
    expect(send?.json).toEqual({ email: 'new@example.com', type: '1' });
    expect(send?.query.get('code')).toBe('7');
    expect(send?.query.get('uuid')).toBe(firstCaptcha);
    await waitFor(() => expect(screen.getByTestId('login-send-code').hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('login-send-code').textContent).toMatch(/^(60|59) 秒后重新获取$/);
    await waitFor(async () => expect(await captchaUuid()).not.toBe(firstCaptcha));

    const secondCaptcha = await captchaUuid();
    type('login-captcha-input', '9');
    type('login-code', '123456');
    fireEvent.click(screen.getByTestId('login-submit'));
    await expectFieldError('login-consent', '请阅读并同意用户协议和隐私政策');
    expect(api.calls(auth.registerByEmail)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('login-consent'));
    fireEvent.click(screen.getByTestId('login-submit'));

    await expectMessage('登录成功');
    const register = api.calls(auth.registerByEmail)[0];
    expect(register?.json).toEqual({
      mail: 'new@example.com',
      password: 'secret-12',
      emailCode: '123456',
      code: '9',
      uuid: secondCaptcha,
    });
    expect(register?.query.get('invitationCode')).toBe('INV42');
    expect(useSession.getState()).toMatchObject({ token: 'token-new', isLogin: true });
    expect(queryClient.getQueryData(currentUserQueryOptions().queryKey)?.nickName).toBe('新用户');
    expect(localStorage.getItem('suanli.access-token')).toBe('token-new');
    expect(api.calls(users.getVipInfo)[0]?.headers.authorization).toBe('Bearer token-new');
    await waitFor(() => expect(useLoginDialog.getState().open).toBe(false));

    fireEvent.click(await screen.findByTestId('benefit-dialog'));
    expect(screen.getByTestId('benefit-image-10')).toBeVisible();
    await waitFor(() => expect(here(router)).toBe('/voucherCenter'));
  });

  it('stops loading and shows a fresh captcha when a password login fails', async () => {
    api.on(auth.getUserByPhoneNumber, ok(1));
    api.on(auth.loginByPassword, fail(400, '账号或密码错误'));
    await openDialog();

    fireEvent.click(screen.getByTestId('login-tab-account'));
    type('login-username', '13800138000');
    fireEvent.blur(screen.getByTestId('login-username'));
    await waitFor(() => expect(api.calls(auth.getUserByPhoneNumber)).toHaveLength(1));
    expect(screen.queryByTestId('login-register-hint')).toBeNull();
    type('login-password', 'wrong-password');
    const firstCaptcha = await captchaUuid();
    type('login-captcha-input', '3');
    fireEvent.click(screen.getByTestId('login-submit'));

    await expectMessage('账号或密码错误');
    expect(api.calls(auth.loginByPassword)[0]?.json).toEqual({
      username: '13800138000',
      password: 'wrong-password',
      code: '3',
      uuid: firstCaptcha,
    });
    await waitFor(async () => expect(await captchaUuid()).not.toBe(firstCaptcha));
    expect((screen.getByTestId('login-captcha-input') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('login-submit').className).not.toContain('ant-btn-loading');
    expect(useSession.getState().token).toBeNull();
  });

  it('shows the server message when a code cannot be sent, and does not start the countdown', async () => {
    api.on(auth.sendSmsCode, fail(429 + 1, '发送过于频繁'));
    await openDialog();

    fireEvent.click(screen.getByTestId('login-tab-sms'));
    type('login-username', '13900139000');
    await screen.findByTestId('login-captcha-img');
    type('login-captcha-input', '5');
    fireEvent.click(await screen.findByTestId('login-send-code'));

    await expectMessage('发送过于频繁');
    expect(api.calls(auth.sendSmsCode)[0]?.json).toEqual({ phone: '13900139000', type: '2' });
    expect(screen.getByTestId('login-send-code').hasAttribute('disabled')).toBe(false);
  });

  it('leaves the register form at once when the account changes, and keeps the account across tabs', async () => {
    api.on(auth.getUserByMail, ok(0));
    await openDialog();
    fireEvent.click(screen.getByTestId('login-tab-account'));
    type('login-username', 'new@example.com');
    fireEvent.blur(screen.getByTestId('login-username'));
    expect(await screen.findByTestId('login-register-hint')).toBeVisible();

    type('login-username', 'new@example.co');
    await waitFor(() => expect(screen.queryByTestId('login-register-hint')).toBeNull());
    expect(screen.queryByTestId('login-code')).toBeNull();

    fireEvent.click(screen.getByTestId('login-tab-sms'));
    await waitFor(() =>
      expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('new@example.co'),
    );
    type('login-username', 'new@example.com');
    fireEvent.click(screen.getByTestId('login-tab-account'));
    // Back on the account it looked up, the register form returns without asking again.
    expect(await screen.findByTestId('login-register-hint')).toBeVisible();
    expect(api.calls(auth.getUserByMail)).toHaveLength(1);
  });

  it('resets a forgotten password with a reset code and returns to the password tab with the account', async () => {
    api.on(auth.sendSmsCode, ok(null));
    api.on(auth.forgetPassword, inSequence<null>(fail(422, '验证码错误，还可尝试 4 次', 'verificationCode'), ok(null)));
    await openDialog();
    fireEvent.click(screen.getByTestId('login-tab-account'));
    type('login-username', '13800138000');
    fireEvent.click(await screen.findByTestId('login-forgot-link'));

    expect(((await screen.findByTestId('reset-account')) as HTMLInputElement).value).toBe('13800138000');
    await screen.findByTestId('reset-captcha-input');
    type('reset-captcha-input', '4');
    fireEvent.click(screen.getByTestId('reset-send-code'));
    await waitFor(() => expect(api.calls(auth.sendSmsCode)).toHaveLength(1));
    expect(api.calls(auth.sendSmsCode)[0]?.json).toEqual({ phone: '13800138000', type: 'reset' });
    type('reset-code', '123456');
    type('reset-password', 'new-secret-1');
    type('reset-confirm', 'new-secret-1');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await expectFieldError('reset-code', '验证码错误，还可尝试 4 次');

    fireEvent.click(screen.getByTestId('reset-submit'));
    await expectMessage('密码已重设，请使用新密码登录');
    expect(api.calls(auth.forgetPassword)[1]?.json).toEqual({
      username: '13800138000',
      verificationCode: '123456',
      password: 'new-secret-1',
    });
    expect(((await screen.findByTestId('login-username')) as HTMLInputElement).value).toBe('13800138000');
    expect(screen.getByTestId('login-password')).toBeVisible();
  });
});
