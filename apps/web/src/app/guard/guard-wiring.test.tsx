import { auth } from '@suanli/contract';
import { waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { verifiedStatusQueryOptions, type VerifiedStatusValue } from '@/features/auth/api/get-verified';
import { createHttpClient } from '@/shared/http';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { okBody, sendJson, startApiServer } from '@/test/api-server';
import { expectMessage } from '@/test/expectations';
import { here, renderApp } from '@/test/render-app';

let verifiedStatus: VerifiedStatusValue = '0';
const server = await startApiServer((request, response: ServerResponse) => {
  const known = request.url === '/api/system/user/getVerified' && request.headers.authorization === 'Bearer token-1';
  sendJson(
    response,
    known ? 200 : 401,
    known ? okBody(auth.getVerified, { status: verifiedStatus }) : { code: 401, msg: '' },
  );
});
const client = createHttpClient({ baseUrl: server.baseUrl, timeoutMs: 2_000 });
const verify = () => client.call(auth.getVerified).then((data) => data.status);

afterAll(() => server.close());
beforeEach(() => {
  useSession.getState().clearSession();
  useSession.getState().setInvitationCode('');
  useLoginDialog.getState().hide();
  useInterfaceSettings.getState().setLanguage('zh-CN');
  server.requests.length = 0;
});

async function settledAt(router: ReturnType<typeof renderApp>['router'], href: string) {
  // Before the first load settles the router already reports the initial location, so wait for initialisation too.
  await waitFor(() => {
    const { initialized, navigation } = router.state;
    expect(initialized && navigation.state === 'idle' && here(router)).toBe(href);
  });
}

describe('the route guard, wired into the router', () => {
  it('remembers the invitation code of any URL, even one that is redirected', async () => {
    const { router } = renderApp('/no-such-page?invitationCode=INV42');

    await settledAt(router, '/');
    expect(useSession.getState().invitationCode).toBe('INV42');

    await router.navigate('/model?invitationCode=NEXT7');
    expect(useSession.getState().invitationCode).toBe('NEXT7');
  });

  it('opens the login dialog and sends a guest to root from a closed route', async () => {
    const { router } = renderApp('/myApp');

    await settledAt(router, '/');
    expect(useLoginDialog.getState().open).toBe(true);
  });

  it('lets a guest open a route that needs no permission', async () => {
    const { router } = renderApp('/APIOpen');

    await settledAt(router, '/APIOpen');
    expect(useLoginDialog.getState().open).toBe(false);
  });

  it('lets a verified user into the isAuth route after asking the server', async () => {
    useSession.getState().setToken('token-1');
    verifiedStatus = '1';
    const { router, queryClient } = renderApp('/aigc', verify);
    await settledAt(router, '/aigc');

    await router.navigate('/reward');

    expect(here(router)).toBe('/reward');
    expect(server.requests.map((request) => request.url)).toEqual(['/api/system/user/getVerified']);
    expect(queryClient.getQueryData(verifiedStatusQueryOptions().queryKey)).toBe('1');
  });

  it('keeps an unverified user on the current page with a warning', async () => {
    useSession.getState().setToken('token-1');
    verifiedStatus = '0';
    const { router, queryClient } = renderApp('/model', verify);
    await settledAt(router, '/model');

    await router.navigate('/reward');

    await settledAt(router, '/model');
    await expectMessage('请先完成实名认证后再访问该页面');
    expect(queryClient.getQueryData(verifiedStatusQueryOptions().queryKey)).toBe('0');
  });

  it('sends an unverified user to root when the isAuth route is the first page', async () => {
    useSession.getState().setToken('token-1');
    verifiedStatus = '0';
    const { router } = renderApp('/reward', verify);

    await settledAt(router, '/');
  });

  it('ignores a navigation to the page already shown', async () => {
    useSession.getState().setToken('token-1');
    verifiedStatus = '1';
    const { router } = renderApp('/reward?tab=kol', verify);
    await settledAt(router, '/reward?tab=kol');

    await router.navigate('/reward?tab=kol');
    await router.navigate('/reward?tab=creator');

    expect(server.requests).toHaveLength(2);
  });
});
