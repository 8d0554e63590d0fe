import { signRequest } from '@suanli/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, registerByEmail, sandboxIdNumber } from '../support/dev-api.js';

let session: BrowserSession;
afterEach(() => session.close());

/** The key under which the console keeps its token (apps/web/src/shared/config/site.ts). */
const TOKEN_KEY = 'suanli.access-token';

/** A verified user with balance and a running PyTorch application, set up through the API as the console would. */
async function renterWithRunningApplication() {
  const user = await registerByEmail();
  const order = await callApi<{ orderNo: string }>('POST', '/recharge/api/wx-pay/native/', {
    token: user.token,
    body: { amount: '100' },
  });
  await callApi('POST', `/dev/payments/${order.data.orderNo}/pay`, { body: {} });
  // An ID number of its own: one number verifies one account.
  const idCard = sandboxIdNumber(`11010519850612${String(Date.now() % 1_000).padStart(3, '0')}`);
  const verified = await callApi(
    'POST',
    `/auth/realNameAuth2?realName=${encodeURIComponent('李四')}&idCard=${idCard}`,
    {
      token: user.token,
    },
  );
  expect(verified.code).toBe(200);

  const images = await callApi<{ id: string; name: string }[]>('GET', '/system/applicationImage/listByUser');
  const pytorch = images.data.find((image) => image.name.startsWith('PyTorch'))!;
  const created = await callApi<{ id: string }>('POST', '/equipment/deviceServer/createApplication', {
    token: user.token,
    body: { imageId: pytorch.id, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' },
  });
  expect(created.code).toBe(200);
  const { id } = created.data;
  await expect
    .poll(
      async () => {
        const list = await callApi<{ rows: { id: string; status: string }[] }>(
          'GET',
          '/equipment/deviceServer/application',
          { token: user.token },
        );
        return list.data.rows.find((row) => row.id === id)?.status;
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe('running');
  return { ...user, applicationId: id };
}

describe('an application link', () => {
  it("opens on the application's own origin, where the console's token can be neither read nor used", async () => {
    // Past the workspace's own policy (which forbids its page any request), so that only the browser's origin rules
    // stand between the page and the console, as for an image whose author wrote no such policy.
    session = await openBrowser({ bypassCSP: true });
    const { page, context, baseUrl } = session;
    const renter = await renterWithRunningApplication();
    await openSignedIn(page, baseUrl, renter.token, '/myApp');
    await dismissWelcomeDialogs(page);

    // What the console does when a link is clicked: asks appLogin, with its own token, for a one-time login URL.
    const loginPath = `/equipment/deviceServer/appLogin/${renter.applicationId}/8888`;
    const login = await page.evaluate(
      async ([path, sn, key]) => {
        const response = await fetch(`/api${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${window.localStorage.getItem(key!)}`, sn: sn! },
        });
        return (await response.json()) as { code: number; data: { url: string } };
      },
      [loginPath, signRequest(loginPath, Date.now()), TOKEN_KEY],
    );
    expect(login.code).toBe(200);

    const application = await context.newPage();
    await application.goto(login.data.url);
    const origin = new URL(application.url()).origin;
    expect(origin).toBe(`http://${renter.applicationId}-8888.apps.localhost:${new URL(baseUrl).port}`);
    expect(await application.locator('h1').textContent()).toBe('工作空间 · PyTorch 2.3 + JupyterLab');

    const seen = await application.evaluate(
      async ([consoleOrigin, key]) => {
        let api: string;
        try {
          const response = await fetch(`${consoleOrigin}/api/auth/user/getUserInfo`, { credentials: 'include' });
          api = `${response.status} ${await response.text()}`;
        } catch {
          api = 'blocked';
        }
        return {
          token: window.localStorage.getItem(key!),
          stored: window.localStorage.length,
          cookies: document.cookie,
          api,
        };
      },
      [baseUrl, TOKEN_KEY],
    );
    // Nothing of the console's is there: no token, no readable cookie (the link's own is HttpOnly).
    expect(seen).toMatchObject({ token: null, stored: 0, cookies: '' });
    // The browser keeps the console's answer from the page (no CORS grant); had it arrived, it would hold no user.
    expect(seen.api === 'blocked' || seen.api.startsWith('401 ')).toBe(true);
    expect(seen.api).not.toContain(renter.email);

    // The application's own page reaches its workspace, WebSocket included, with the cookie the browser keeps for it.
    const echoed = await application.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(`ws://${window.location.host}/ws`);
          socket.onopen = () => socket.send('你好');
          socket.onmessage = (event) => {
            resolve(String(event.data));
            socket.close();
          };
          socket.onerror = () => resolve('failed');
        }),
    );
    expect(echoed).toBe('你好');

    // The console's origin does hold the token: the isolation above is the origin's, not an empty profile's.
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBe(renter.token);
  });
});
