import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { rawRequest } from '../fixtures/raw-http.js';

// Short limits, so that a stall is cut within a second; the defaults are checked on a second app below.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ REQUEST_TIMEOUT_MS: '800', HEADERS_TIMEOUT_MS: '400' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

describe('request timeouts', () => {
  it('cut a body that stalls with a 408 envelope in the request language', async () => {
    const started = Date.now();
    const answer = await rawRequest(
      port,
      [
        'POST /api/dev/clock HTTP/1.1',
        'Host: localhost',
        'Accept-Language: en-US',
        'Content-Type: application/json',
        'Content-Length: 1000',
        '',
        '{"advance',
      ].join('\r\n'),
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 408,
      msg: 'The request took too long to arrive; please try again',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('cut a head that stalls with a 408 envelope', async () => {
    const answer = await rawRequest(port, 'GET /api/healthz HTTP/1.1\r\nHost: localhost\r\n');
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 408, msg: '请求发送超时，请重试' });
  });

  it('still answer a request that arrives in time', async () => {
    const answer = await rawRequest(port, 'GET /api/healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
  });
});

describe('a request refused before its body arrived', () => {
  it('has its connection closed at once, not left open for the rest of the body until the request timeout', async () => {
    // The default request timeout (60 s): the connection must close long before it, once the refusal is sent.
    const server = await buildTestApp({}, { testDatabase: t.testDatabase });
    try {
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      // Refused by the sn check before the body is read; the client never sends the other 990 bytes.
      const answer = await rawRequest(
        (server.app.server.address() as AddressInfo).port,
        [
          'POST /api/auth/loginByPassword HTTP/1.1',
          'Host: localhost',
          'Accept-Language: en-US',
          'Content-Type: application/json',
          'Content-Length: 1000',
          '',
          '{"username',
        ].join('\r\n'),
        { timeoutMs: 20_000 },
      );
      expect(answer.status).toBe(400);
      expect(answer.headers).toMatch(/^connection: close$/im);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 400, data: { field: 'sn' } });
    } finally {
      server.app.server.closeAllConnections();
      await server.close();
    }
  }, 40_000);
});

describe('the default limits', () => {
  it('suit a console behind a load balancer: 60 s per request, 20 s per head, 72 s keep-alive', async () => {
    const defaults = await buildTestApp({}, { testDatabase: t.testDatabase });
    try {
      const server = defaults.app.server;
      expect([server.requestTimeout, server.headersTimeout, server.keepAliveTimeout]).toEqual([60_000, 20_000, 72_000]);
    } finally {
      await defaults.close();
    }
  });
});
