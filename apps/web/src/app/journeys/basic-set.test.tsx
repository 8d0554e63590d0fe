import { notices, users } from '@suanli/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { expectFieldError, expectMessage } from '@/test/expectations';
import { fail, ok, startFakeApi } from '@/test/fake-api';
import { currentUser, vipInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const api = await startFakeApi();
const PROFILE = {
  education: null,
  region: null,
  enterpriseName: null,
  industry: null,
  profession: null,
  researchDirection: null,
  mainBusiness: null,
};

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().clearSession();
  useInterfaceSettings.getState().setLanguage('zh-CN');
  useSession.getState().setToken('token-1');
  api.on(users.getUserInfo, ok(currentUser({ nickName: '旧名字' })));
  api.on(users.getVipInfo, ok(vipInfo()));
  api.on(users.getProfile, ok(PROFILE));
  api.on(notices.listInforms, ok({ rows: [], total: 0, unread: 0 }));
  api.on(notices.getNewNotice, ok(null));
});

async function renameTo(name: string) {
  renderApp('/basicSet');
  // The form starts over from the name once the user arrives, with a new input, so the input is looked up each time.
  await waitFor(() => expect((screen.getByTestId('profile-nickname-input') as HTMLInputElement).value).toBe('旧名字'));
  fireEvent.change(screen.getByTestId('profile-nickname-input'), { target: { value: name } });
  fireEvent.click(screen.getByTestId('profile-nickname-submit'));
}

describe('the nickname form', () => {
  it('shows a refusal under the input the server names, and not again as a message', async () => {
    api.on(users.updateNickName, fail(400, '昵称须为 1-20 个字符', 'nickName'));

    await renameTo('新名字');

    await expectFieldError('profile-nickname-input', '昵称须为 1-20 个字符');
    expect(screen.getAllByText('昵称须为 1-20 个字符')).toHaveLength(1);
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('shows a refusal that names no field of the form as a message', async () => {
    api.on(users.updateNickName, fail(409, '昵称已被占用', 'body'));

    await renameTo('新名字');

    await expectMessage('昵称已被占用');
    expect(document.querySelector('.ant-form-item-explain-error')).toBeNull();
  });

  it('shows the new name in the header once saved, read again from the server', async () => {
    let nickName = '旧名字';
    api.on(users.getUserInfo, () => ok(currentUser({ nickName })));
    api.on(users.updateNickName, (request) => {
      nickName = request.query.get('nickName') ?? '';
      return ok({ nickName });
    });

    await renameTo('新名字');

    await expectMessage('昵称已保存');
    await waitFor(() => expect(screen.getByTestId('user-avatar').textContent).toContain('新名字'));
  });
});
