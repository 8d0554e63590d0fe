import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { renderApp } from '@/test/render-app';

beforeEach(() => {
  useSession.getState().clearSession();
  useInterfaceSettings.getState().setLanguage('zh-CN');
});

async function titleOf(text: string): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe(text));
  return screen.getByTestId('page-title');
}

describe('keep-alive routes', () => {
  it('keeps /model mounted while away, so the same page comes back', async () => {
    const { router } = renderApp('/model');
    const first = await titleOf('模型中心');

    await router.navigate('/aigc');
    await titleOf('应用中心');
    expect(first.isConnected).toBe(true);
    expect(screen.getAllByTestId('page-title')).toHaveLength(1);

    await router.navigate('/model');
    expect(await titleOf('模型中心')).toBe(first);
  });

  it('remounts an ordinary route on every visit', async () => {
    const { router } = renderApp('/aigc');
    const first = await titleOf('应用中心');

    await router.navigate('/model');
    await titleOf('模型中心');
    expect(first.isConnected).toBe(false);

    await router.navigate('/aigc');
    expect(await titleOf('应用中心')).not.toBe(first);
  });

  it('drops a kept page that needs login when the user logs out', async () => {
    useSession.getState().setToken('token-1');
    const { router } = renderApp('/mirror');
    const first = await titleOf('镜像列表');

    await router.navigate('/model');
    await titleOf('模型中心');
    expect(first.isConnected).toBe(true);

    useSession.getState().clearSession();
    await waitFor(() => expect(first.isConnected).toBe(false));
  });
});
