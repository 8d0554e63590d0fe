import { auth, users, wechat } from '@suanli/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { currentUserQueryOptions } from '@/features/auth/api/get-user-info';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { expectFieldError, expectMessage } from '@/test/expectations';
import { fail, inSequence, ok, startFakeApi } from '@/test/fake-api';
import { currentUser, vipInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const api = await startFakeApi();
const QR = { url: 'http://127.0.0.1:9/dev/wechat/scan?scene=scene-1', sceneStr: 'scene-1', expiresIn: 300 };
const POLL_WAIT = { timeout: 8_000 };

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().clearSession();
  useSession.getState().setEventKey('');
  useSession.getState().setInvitationCode('');
  useLoginDialog.getState().hide();
  useInterfaceSettings.getState().setLanguage('zh-CN');
  api.on(auth.checkLocation, ok(0));
  api.on(auth.getCaptcha, ok({ captchaEnabled: false, img: '', uuid: '' }));
  api.on(wechat.getWechatQrCode, ok({ ...QR, sandbox: true }));
  api.on(users.getVipInfo, ok(vipInfo()));
  api.on(users.getUserInfo, ok(currentUser({ nickName: '微信用户' })));
  api.on(users.checkBenefit, ok(0));
});

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

async function openWechatTab() {
  const view = renderApp('/aigc');
  fireEvent.click(await screen.findByTestId('login-button'));
  await screen.findByTestId('wechat-login-panel');
  return view;
}

describe('WeChat login', () => {
  it('shows the QR with a sandbox link and logs in once a known user has scanned', async () => {
    api.on(wechat.scanLogin, inSequence(ok(0), ok({ access_token: 'token-wechat', expires_in: 100 }, '0')));
    const { queryClient } = await openWechatTab();

    const link = await screen.findByTestId('wechat-sandbox-link');
    expect(link.getAttribute('href')).toBe(QR.url);
    expect(link.getAttribute('target')).toBe('_blank');
    await expectMessage('登录成功', POLL_WAIT);

    expect(api.calls(wechat.scanLogin).map((call) => call.query.get('eventKey'))).toEqual(['scene-1', 'scene-1']);
    expect(useSession.getState()).toMatchObject({ token: 'token-wechat', isLogin: true });
    expect(queryClient.getQueryData(currentUserQueryOptions().queryKey)?.nickName).toBe('微信用户');
  });

  it('moves a new WeChat user to phone binding, reports a failure titled 错误, then registers with the scene key', async () => {
    api.on(wechat.scanLogin, inSequence(ok(0), ok(1)));
    api.on(auth.sendSmsCode, ok(null));
    api.on(
      auth.registerByPhone,
      inSequence(fail(400, '验证码错误'), ok({ access_token: 'token-bound', expires_in: 100 })),
    );
    await openWechatTab();

    expect(await screen.findByTestId('wechat-bind-step', undefined, POLL_WAIT)).toBeVisible();
    expect(screen.getByText('绑定手机号')).toBeVisible();
    expect(useSession.getState().eventKey).toBe('scene-1');

    fireEvent.click(screen.getByTestId('bind-submit'));
    await expectFieldError('bind-phone', '请输入手机号');
    // Binding registers an account, so it asks for consent to the agreement and privacy policy (issue 9).
    await expectFieldError('bind-consent', '请阅读并同意用户协议和隐私政策');
    fireEvent.click(screen.getByTestId('bind-consent'));
    type('bind-phone', '12345');
    await expectFieldError('bind-phone', '请输入正确的手机号');

    type('bind-phone', '13700137000');
    fireEvent.click(screen.getByTestId('bind-send-code'));
    await waitFor(() => expect(api.calls(auth.sendSmsCode)).toHaveLength(1));
    expect(api.calls(auth.sendSmsCode)[0]?.json).toEqual({ phone: '13700137000', type: 'bind' });

    type('bind-code', '654321');
    fireEvent.click(screen.getByTestId('bind-submit'));
    const title = await screen.findByText('错误');
    expect(title.closest('.ant-notification-notice')?.textContent).toContain('验证码错误');
    expect(useSession.getState().token).toBeNull();

    fireEvent.click(screen.getByTestId('bind-submit'));
    await expectMessage('登录成功');
    expect(api.calls(auth.registerByPhone)[1]?.json).toEqual({
      phonenumber: '13700137000',
      password: null,
      verificationCode: '654321',
      eventKey: 'scene-1',
    });
    expect(useSession.getState()).toMatchObject({ token: 'token-bound', eventKey: '' });
    // Polling stopped at the new-user answer.
    expect(api.calls(wechat.scanLogin)).toHaveLength(2);
  });

  it('offers a fresh QR once the server says the old one expired', async () => {
    api.on(wechat.scanLogin, fail(409, '二维码已过期'));
    await openWechatTab();

    fireEvent.click(await screen.findByTestId('wechat-login-qr-refresh'));

    await waitFor(() => expect(api.calls(wechat.getWechatQrCode)).toHaveLength(2));
    expect(api.calls(wechat.getWechatQrCode)[0]?.query.get('purpose')).toBe('login');
  });
});
