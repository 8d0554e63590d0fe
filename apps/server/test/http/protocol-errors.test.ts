import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { rawRequest } from '../fixtures/raw-http.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;

/** The answer's envelope, checked to be the whole of a well-formed JSON answer. */
function envelope(answer: { headers: string; body: string }) {
  expect(answer.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
  expect(answer.headers).toMatch(/connection: close/i);
  return JSON.parse(answer.body) as { code: number; msg: string; data: object };
}

// app.inject never parses bytes; these reach Node's parser through a real socket, before any route or hook runs.
describe('errors before routing', () => {
  it('answer a 100,000-character query with a 431 envelope, in the language asked for after it', async () => {
    const line = `GET /api/healthz?q=${'a'.repeat(100_000)} HTTP/1.1`;
    const english = await rawRequest(port, head([line, 'Host: localhost', 'Accept-Language: en-US']));
    expect(english.status).toBe(431);
    expect(envelope(english)).toMatchObject({
      code: 431,
      msg: 'The request headers or address are too large',
      data: { requestId: expect.any(String) },
    });
    const chinese = await rawRequest(port, head([line, 'Host: localhost']));
    expect(envelope(chinese)).toMatchObject({ code: 431, msg: '请求头或请求地址过长' });
  });

  it('answer Content-Length: abc with a 400 envelope in the language asked for', async () => {
    const answer = await rawRequest(
      port,
      head(['POST /api/dev/clock HTTP/1.1', 'Host: localhost', 'Accept-Language: en-US', 'Content-Length: abc']),
    );
    expect(answer.status).toBe(400);
    expect(envelope(answer)).toEqual({ code: 400, msg: 'Bad request', data: { requestId: expect.any(String) } });
  });

  it('answer a malformed header line with a 400 envelope in the language asked for, Chinese by default', async () => {
    const lines = ['GET /api/healthz HTTP/1.1', 'Host: localhost', 'Accept-Language: en-US', 'No colon here'];
    const english = await rawRequest(port, head(lines));
    expect(english.status).toBe(400);
    expect(envelope(english)).toMatchObject({ code: 400, msg: 'Bad request' });
    const chinese = await rawRequest(port, head(lines.filter((line) => !line.startsWith('Accept'))));
    expect(envelope(chinese)).toMatchObject({ code: 400, msg: '请求有误' });
  });

  it('answer an oversized chunk extension with a 413 envelope', async () => {
    const lines = ['POST /api/dev/clock HTTP/1.1', 'Host: localhost', 'Accept-Language: en-US'];
    const answer = await rawRequest(
      port,
      `${head([...lines, 'Transfer-Encoding: chunked', 'Content-Type: application/json'])}2;${'x'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
    );
    expect(answer.status).toBe(413);
    expect(envelope(answer)).toMatchObject({ code: 413 });
  });

  it('answer a path whose escapes are not UTF-8, which the router refuses, with a 400 envelope', async () => {
    for (const url of ['/api/%zz', '/api/objects/a%ED%A0%80/b.png']) {
      const response = await t.request({ method: 'GET', url, locale: 'en-US' });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: 'Bad request', data: { requestId: expect.any(String) } });
    }
  });
});
