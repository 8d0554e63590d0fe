import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AdjustableClock } from '../../src/jobs/clock.js';
import { LocalComputeDriver } from '../../src/providers/compute/index.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { webSocketRoundTrip } from '../fixtures/raw-websocket.js';
import {
  act,
  computeEnv,
  createRenter,
  imageIdOf,
  runningApplication as runApplication,
} from './application-helpers.js';

// The application proxy on a real socket: each application's link is its own origin, `<id>-<port>.<APP_DOMAIN>`,
// reached through the local driver's real workspace process. Requests name the origin in their Host header, as a
// browser resolving *.apps.localhost to this machine does.
let t: TestApp;
let port: number;
let pytorch: string;
beforeAll(async () => {
  // Room for this file's API calls, and fewer than the requests to application origins below.
  // CORS open to one origin, whose preflights the API would answer.
  t = await buildTestApp({ ...computeEnv(), RATE_LIMIT_PER_MINUTE: '150', CORS_ORIGINS: 'http://localhost:5173' });
  t.services.applications.reconcileOnChange();
  pytorch = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request to this server under another Host, on a connection of its own. */
function send(
  host: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { ...options.headers, host },
        agent: false,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

const originOf = (id: string, linkPort = 8888) => `${id}-${linkPort}.apps.localhost:8080`;

const runningApplication = (token: string) => runApplication(t, token, pytorch);

const appLogin = (token: string, id: string, linkPort = 8888) =>
  t.request({
    method: 'POST',
    url: `/api/equipment/deviceServer/appLogin/${id}/${linkPort}`,
    token,
    locale: 'en-US',
  });

/** Follows a login URL as a browser would, answering the cookie it set (name=value). */
async function logIn(url: string) {
  const link = new URL(url);
  const answer = await send(link.host, `${link.pathname}${link.search}`);
  const cookie = answer.headers['set-cookie']?.[0];
  return { answer, cookie: cookie?.split(';')[0] };
}

async function signedInTo(token: string, id: string, linkPort = 8888) {
  const { url } = (await appLogin(token, id, linkPort)).json().data as { url: string };
  const { cookie } = await logIn(url);
  return cookie!;
}

describe('an application link', () => {
  it('opens with a one-time login: a cookie for that origin alone, then the workspace page', async () => {
    const renter = await createRenter(t);
    const id = await runningApplication(renter.token);

    const login = await appLogin(renter.token, id);
    expect(login.statusCode).toBe(200);
    const { url } = login.json().data as { url: string };
    expect(url).toMatch(new RegExp(`^http://${id}-8888\\.apps\\.localhost:8080/__suanli/login\\?token=[\\w-]{43}$`));

    const { answer, cookie } = await logIn(url);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/');
    const setCookie = answer.headers['set-cookie']![0]!;
    expect(setCookie).toMatch(/^suanli_app_session=[^;]+; Path=\/; Max-Age=14400; HttpOnly; SameSite=Lax$/);
    expect(setCookie).not.toMatch(/domain=/i);

    const page = await send(originOf(id), '/', { headers: { cookie: cookie!, 'accept-language': 'en-US' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Workspace · PyTorch 2.3 + JupyterLab');
    expect(page.body).toContain('RTX 4090 × 1');
    // The workspace's own headers, not the console's policy.
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(page.headers['strict-transport-security']).toBeUndefined();

    const again = await logIn(url);
    expect(again.answer.status).toBe(401);
    expect(again.cookie).toBeUndefined();
    expect(again.answer.body).toContain('此登录链接已失效');
  });

  it('refuses a login URL after its 60 seconds', async () => {
    const renter = await createRenter(t);
    const id = await runningApplication(renter.token);
    const { url } = (await appLogin(renter.token, id)).json().data as { url: string };
    (t.clock as AdjustableClock).advance(2);
    const { answer, cookie } = await logIn(url);
    expect(answer.status).toBe(401);
    expect(cookie).toBeUndefined();
  });

  it('answers 401 with a page, never the console, without its cookie: a console token does not open it', async () => {
    const renter = await createRenter(t);
    const id = await runningApplication(renter.token);

    const bare = await send(originOf(id), '/');
    expect(bare.status).toBe(401);
    expect(bare.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(bare.body).toContain('请从控制台的“我的应用”打开此链接。');
    expect(bare.headers['content-security-policy']).toContain("default-src 'none'");

    const bearer = { authorization: `Bearer ${renter.token}`, 'accept-language': 'en-US' };
    for (const path of ['/', '/api/auth/user/getUserInfo']) {
      const answer = await send(originOf(id), path, { headers: bearer });
      expect(answer.status).toBe(401);
      expect(answer.body).toContain('Open this link from My applications in the console.');
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it("opens only the origin it was minted for: not another application's, nor another port's", async () => {
    const renter = await createRenter(t);
    const first = await runningApplication(renter.token);
    const second = await runningApplication(renter.token);
    const cookie = await signedInTo(renter.token, first);

    expect((await send(originOf(first), '/', { headers: { cookie } })).status).toBe(200);
    expect((await send(originOf(second), '/', { headers: { cookie } })).status).toBe(401);
    expect((await send(originOf(first, 7681), '/', { headers: { cookie } })).status).toBe(401);

    // A login URL for one application does not work on another's origin, and is used up by trying.
    const { url } = (await appLogin(renter.token, first)).json().data as { url: string };
    const misdirected = new URL(url);
    misdirected.host = originOf(second);
    expect((await logIn(misdirected.toString())).answer.status).toBe(401);
    expect((await logIn(url)).answer.status).toBe(401);
  });

  it("refuses another origin's page what only its own page may do: sibling origins are one site", async () => {
    const renter = await createRenter(t);
    const id = await runningApplication(renter.token);
    const cookie = await signedInTo(renter.token, id);
    const fromSibling = { cookie, 'sec-fetch-site': 'same-site' };

    const fetched = await send(originOf(id), '/', {
      headers: { ...fromSibling, 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
    });
    expect(fetched.status).toBe(401);
    const posted = await send(originOf(id), '/', {
      method: 'POST',
      headers: { ...fromSibling, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    });
    expect(posted.status).toBe(401);
    // A link from the console is a navigation: it opens.
    const opened = await send(originOf(id), '/', {
      headers: { ...fromSibling, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    });
    expect(opened.status).toBe(200);

    const socket = (origin: string) =>
      webSocketRoundTrip(port, { path: '/ws', message: 'hi', headers: { host: originOf(id), cookie, origin } });
    expect((await socket(`http://${originOf(id)}`)).status).toBe(101);
    expect((await socket(`http://${originOf('999')}`)).status).toBe(401);
  });

  it("is its owner's alone: another user gets no login and no links", async () => {
    const owner = await createRenter(t);
    const id = await runningApplication(owner.token);
    const stranger = await createRenter(t);

    expect((await appLogin(stranger.token, id)).statusCode).toBe(404);
    const links = await t.request({
      method: 'POST',
      url: `/api/equipment/deviceServer/applicationLinks/${id}/live`,
      token: stranger.token,
    });
    expect(links.statusCode).toBe(404);
  });

  it('logs in only on a port its image declares, and only while it runs', async () => {
    const renter = await createRenter(t);
    const id = await runningApplication(renter.token);
    const cookie = await signedInTo(renter.token, id);

    const unknownPort = await appLogin(renter.token, id, 9999);
    expect(unknownPort.statusCode).toBe(404);
    expect(unknownPort.json().msg).toBe(`Application ${id} has no link on port 9999`);

    await act(t, renter.token, 'stop', id);
    const stopped = await appLogin(renter.token, id);
    expect(stopped.statusCode).toBe(422);
    expect(stopped.json().msg).toBe('The application is not running; start it to open its links');

    // The cookie from before the stop no longer reaches it: the page says why.
    const after = await send(originOf(id), '/', { headers: { cookie, 'accept-language': 'en-US' } });
    expect(after.status).toBe(409);
    expect(after.body).toContain('The application is not running.');
    await t.services.applications.settled();
    expect((await send(originOf(id), '/', { headers: { cookie } })).status).toBe(409);
  });

  it('pipes a WebSocket to the workspace with the cookie, and refuses it without', async () => {
    const renter = await createRenter(t);
    const id = await runningApplication(renter.token);
    const cookie = await signedInTo(renter.token, id);

    const echoed = await webSocketRoundTrip(port, {
      path: '/ws',
      message: '你好 proxy',
      headers: { host: originOf(id), cookie },
    });
    expect(echoed).toEqual({ status: 101, accepted: true, echoed: '你好 proxy' });

    const refused = await webSocketRoundTrip(port, {
      path: '/ws',
      message: 'x',
      headers: { host: originOf(id), authorization: `Bearer ${renter.token}` },
    });
    expect(refused).toEqual({ status: 401, accepted: false, echoed: null });

    // The console serves no WebSocket.
    expect((await webSocketRoundTrip(port, { path: '/ws', message: 'x' })).status).toBe(404);
  });

  it('is no API call: neither the sn signature nor the rate limiter applies to it', async () => {
    const renter = await createRenter(t);
    const id = await runningApplication(renter.token);
    const cookie = await signedInTo(renter.token, id);
    // An API path, unsigned, more times than the 150 a minute this server allows one address on the API: each is the
    // workspace's own answer (it has no such page).
    const answers = await Promise.all(
      Array.from({ length: 160 }, () =>
        send(originOf(id), '/api/equipment/deviceServer/application', {
          headers: { cookie, 'accept-language': 'en-US' },
        }),
      ),
    );
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.body}`))).toEqual(
      new Set(['404 No such file or folder']),
    );

    // The API's CORS preflight answer is not the proxy's: without the cookie, a preflight is refused like the rest.
    const preflight = {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'PUT',
    };
    const refused = await send(originOf(id), '/api/contents', { method: 'OPTIONS', headers: preflight });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const onConsole = await send(`localhost:${port}`, '/api/auth/user/getUserInfo', {
      method: 'OPTIONS',
      headers: preflight,
    });
    expect(onConsole.status).toBe(204);
  });
});

describe('the proxy', () => {
  it('streams method, path, query and body to the workspace, without its cookie or any bearer token', async () => {
    const renter = await createRenter(t);
    const id = await runningApplication(renter.token);
    const cookie = await signedInTo(renter.token, id);

    // A workspace that tells what it received, in place of the running one.
    const echo = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.writeHead(201, { 'content-type': 'application/json', 'x-workspace': 'echo' });
        response.end(JSON.stringify({ method: request.method, url: request.url, headers: request.headers, body }));
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const endpoint = vi
      .spyOn(LocalComputeDriver.prototype, 'endpoint')
      .mockResolvedValue({ host: '127.0.0.1', port: (echo.address() as AddressInfo).port });
    try {
      const answer = await send(originOf(id), '/api/contents?type=notebook', {
        method: 'PUT',
        headers: {
          cookie: `_xsrf=abc; ${cookie}; theme=dark`,
          authorization: `Bearer ${renter.token}`,
          'content-type': 'text/plain',
        },
        body: 'print("hello")',
      });
      expect(answer.status).toBe(201);
      expect(answer.headers['x-workspace']).toBe('echo');
      const seen = JSON.parse(answer.body) as {
        method: string;
        url: string;
        headers: IncomingHttpHeaders;
        body: string;
      };
      expect(seen).toMatchObject({ method: 'PUT', url: '/api/contents?type=notebook', body: 'print("hello")' });
      expect(seen.headers.cookie).toBe('_xsrf=abc; theme=dark');
      expect(seen.headers.authorization).toBeUndefined();
      expect(seen.headers.host).toBe(originOf(id));
    } finally {
      endpoint.mockRestore();
      await new Promise((resolve) => echo.close(resolve));
    }
  });

  it('answers 502 with a page when the workspace does not answer', async () => {
    const renter = await createRenter(t);
    const id = await runningApplication(renter.token);
    const cookie = await signedInTo(renter.token, id);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const endpoint = vi
      .spyOn(LocalComputeDriver.prototype, 'endpoint')
      .mockResolvedValue({ host: '127.0.0.1', port: deadPort });
    try {
      const answer = await send(originOf(id), '/', { headers: { cookie, 'accept-language': 'en-US' } });
      expect(answer.status).toBe(502);
      expect(answer.body).toContain('The application is not answering.');
    } finally {
      endpoint.mockRestore();
    }
  });
});

describe('applicationLinks', () => {
  it("lists the image's links, each on its own origin, whatever the status", async () => {
    const renter = await createRenter(t);
    const id = await runningApplication(renter.token);
    const list = () =>
      t.request({
        method: 'POST',
        url: `/api/equipment/deviceServer/applicationLinks/${id}/live`,
        token: renter.token,
      });
    const expected = [
      { name: 'JupyterLab', port: 8888, kind: 'jupyter', url: `http://${id}-8888.apps.localhost:8080/` },
      { name: 'Terminal', port: 7681, kind: 'terminal', url: `http://${id}-7681.apps.localhost:8080/` },
    ];
    expect((await list()).json().data).toEqual(expected);
    await act(t, renter.token, 'stop', id);
    await t.services.applications.settled();
    expect((await list()).json().data).toEqual(expected);

    await act(t, renter.token, 'destruction', id);
    await t.services.applications.settled();
    expect((await list()).statusCode).toBe(404);
  });

  it('knows only the live scope', async () => {
    const renter = await createRenter(t);
    const answer = await t.request({
      method: 'POST',
      url: '/api/equipment/deviceServer/applicationLinks/1/saved',
      token: renter.token,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().data.field).toBe('scope');
  });
});
