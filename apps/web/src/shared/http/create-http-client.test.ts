import {
  auth,
  dev,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  system,
  verifySignature,
  wallet,
} from '@suanli/contract';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { okBody, sendJson, startApiServer, type RecordedRequest } from '@/test/api-server';
import { useInterfaceSettings } from '../stores/interface-settings-store';
import { useLoginDialog } from '../stores/login-dialog-store';
import { useSession } from '../stores/session-store';
import { setMessageSink, type MessageLevel } from '../ui/message-bridge';
import { createHttpClient } from './create-http-client';
import { HttpError } from './http-error';
import { newIdempotencyKey } from './idempotency-key';

let respond: (request: RecordedRequest, response: ServerResponse) => void = () => undefined;
const server = await startApiServer((request, response) => respond(request, response));
const client = createHttpClient({ baseUrl: server.baseUrl, timeoutMs: 2_000, clearTokenOnUnauthorized: true });
const messages: Array<[MessageLevel, string]> = [];

function answer(status: number, body: unknown) {
  respond = (_request, response) => sendJson(response, status, body);
}

async function failureOf(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

beforeAll(() => setMessageSink((level, content) => messages.push([level, content])));
afterAll(() => server.close());
beforeEach(() => {
  useInterfaceSettings.getState().setLanguage('en-US');
  useSession.getState().clearSession();
  useLoginDialog.getState().hide();
  messages.length = 0;
  server.requests.length = 0;
});
afterEach(() => {
  respond = () => undefined;
});

describe('a successful call', () => {
  it('resolves with the envelope data and sends language, signature and bearer token', async () => {
    useSession.getState().setToken('token-abc');
    answer(200, okBody(system.healthz, { status: 'ok' }, 'ok'));

    await expect(client.call(system.healthz)).resolves.toEqual({ status: 'ok' });

    const [request] = server.requests;
    expect(request?.url).toBe('/api/healthz');
    expect(request?.headers['accept-language']).toBe('en-US');
    expect(request?.headers.authorization).toBe('Bearer token-abc');
    expect(verifySignature(request?.headers.sn as string, '/healthz', Date.now())).toBe(true);
  });

  it('accepts body code 201 and sends the body as JSON', async () => {
    answer(200, { ...okBody(dev.advanceDevClock, { now: 'x', offsetMinutes: 5, ran: [] }, 'ok'), code: 201 });

    await client.call(dev.advanceDevClock, { body: { advanceMinutes: 5 } });

    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ advanceMinutes: 5 });
  });

  it('sends the idempotency key of a transfer in its header, the same key on a retry', async () => {
    answer(200, okBody(wallet.transfer, { orderNo: 'T1', balance: '90.00' }, 'ok'));
    const key = newIdempotencyKey();
    const send = () =>
      client.call(wallet.transfer, { body: { username: 'a@b.cn', amount: '10' }, idempotencyKey: key });

    await send();
    await send();

    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(server.requests.map((request) => request.headers[IDEMPOTENCY_KEY_HEADER])).toEqual([key, key]);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('leaves the token out of a call that says it needs none', async () => {
    useSession.getState().setToken('token-abc');
    answer(200, okBody(system.healthz, { status: 'ok' }, 'ok'));

    await client.call(system.healthz, { withoutToken: true });

    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });
});

describe('response-body errors', () => {
  it.each([
    [403, 'Access forbidden'],
    [404, 'resource does not exist'],
    [500, 'server error'],
    [418, 'unknown error'],
  ])('shows the fallback text for code %i when the server sends no msg', async (code, text) => {
    answer(code, { code, msg: '' });

    const error = await failureOf(client.call(system.healthz));

    expect(error.message).toBe('Error');
    expect(error.handled).toBe(true);
    expect(messages).toEqual([['error', text]]);
  });

  it('shows the server msg when there is one, even inside an HTTP 200', async () => {
    answer(200, { code: 409, msg: 'GPU sold out' });

    const error = await failureOf(client.call(system.healthz));

    expect(error.message).toBe('GPU sold out');
    expect(messages).toEqual([['error', 'GPU sold out']]);
  });

  it('keeps the field the server blames, for the form to show its message there', async () => {
    answer(400, { code: 400, msg: 'nickName: too long', data: { field: 'nickName', requestId: '7' } });

    const error = await failureOf(client.call(system.healthz));

    expect(error).toMatchObject({
      kind: 'response',
      code: 400,
      field: 'nickName',
      serverMessage: 'nickName: too long',
    });
  });

  it('opens the login dialog once for several concurrent 401 answers and clears the login', async () => {
    useSession.getState().setToken('expired');
    answer(401, { code: 401, msg: 'Please log in' });
    let openings = 0;
    const unsubscribe = useLoginDialog.subscribe((state, previous) => {
      openings += state.open && !previous.open ? 1 : 0;
    });

    await Promise.allSettled([client.call(auth.logout), client.call(auth.getVerified), client.call(auth.logout)]);
    unsubscribe();

    expect(openings).toBe(1);
    expect(useSession.getState()).toMatchObject({ isLogin: false, token: null });
    expect(localStorage.getItem('suanli.access-token')).toBeNull();
    expect(messages).toEqual([]);
  });

  it('keeps the stored token on 401 when there was none at page load', async () => {
    const laterClient = createHttpClient({
      baseUrl: server.baseUrl,
      timeoutMs: 2_000,
      clearTokenOnUnauthorized: false,
    });
    useSession.getState().setToken('later-token');
    answer(401, { code: 401, msg: '' });

    await failureOf(laterClient.call(auth.logout));

    expect(useSession.getState()).toMatchObject({ isLogin: false, token: 'later-token' });
    expect(useLoginDialog.getState().open).toBe(true);
  });
});

describe('transport errors', () => {
  it('ignores HTTP 429 without a message', async () => {
    answer(429, { code: 429, msg: 'Too many requests' });

    const error = await failureOf(client.call(system.healthz));

    expect(error.kind).toBe('rateLimited');
    expect(messages).toEqual([]);
  });

  it('shows the server msg or "request error" for an answer without an envelope', async () => {
    answer(502, { msg: 'bad gateway' });
    await failureOf(client.call(system.healthz));
    respond = (_request, response) => response.writeHead(502).end('<html>bad gateway</html>');
    await failureOf(client.call(system.healthz));

    expect(messages).toEqual([
      ['error', 'bad gateway'],
      ['error', 'request error'],
    ]);
  });

  it('reports a request that never gets an answer as a network failure after the time-out', async () => {
    const impatient = createHttpClient({ baseUrl: server.baseUrl, timeoutMs: 100 });

    const error = await failureOf(impatient.call(system.healthz));

    expect(error.kind).toBe('network');
    expect(messages).toEqual([['error', 'network connection abnormal, please check network']]);
  });

  it('fails at once with the network message when the browser says it is offline, sending nothing', async () => {
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      const started = Date.now();
      const error = await failureOf(client.call(system.healthz));

      expect(error.kind).toBe('network');
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(server.requests).toHaveLength(0);
      expect(messages).toEqual([['error', 'network connection abnormal, please check network']]);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      expect(Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')).toEqual(online);
    }
  });

  it('reports a refused connection in the current language', async () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    const offline = createHttpClient({ baseUrl: 'http://127.0.0.1:9/api', timeoutMs: 2_000 });

    await failureOf(offline.call(system.healthz));

    expect(messages).toEqual([['error', '网络连接异常，请检查网络']]);
  });

  it('stays quiet when the caller asks to show its own message', async () => {
    answer(500, { code: 500, msg: 'boom' });

    await failureOf(client.call(system.healthz, { silent: true }));

    expect(messages).toEqual([]);
  });
});

describe('in a browser that can yield the main thread (scheduler.yield)', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it('sends a request only once the browser has had the main thread back', async () => {
    let giveBack = () => undefined as void;
    (globalThis as { scheduler?: unknown }).scheduler = {
      yield: () => new Promise<void>((resolve) => (giveBack = resolve)),
    };
    answer(200, okBody(system.healthz, { status: 'ok' }, 'ok'));

    const call = client.call(system.healthz);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(0);

    giveBack();
    await expect(call).resolves.toEqual({ status: 'ok' });
    expect(server.requests).toHaveLength(1);
  });
});
