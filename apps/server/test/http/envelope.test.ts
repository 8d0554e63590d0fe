import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp(
    { BODY_LIMIT: '2048' },
    {
      // A route that fails in an unexpected way, to see what a caller is told about a 500.
      extend: (app) =>
        app.get('/api/test/boom', async () => {
          throw new Error('secret stack detail: password=hunter2');
        }),
    },
  );
});
afterAll(() => t.close());

describe('the API envelope', () => {
  it('answers success as { code: 200, msg, data } in Chinese by default', async () => {
    const response = await t.request({ method: 'GET', url: '/api/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, msg: '操作成功', data: { status: 'ok' } });
  });

  it('answers success in English when the caller asks for en-US', async () => {
    const response = await t.request({ method: 'GET', url: '/api/readyz', locale: 'en-US' });
    expect(response.json()).toMatchObject({ code: 200, msg: 'OK', data: { status: 'ready' } });
  });

  it('answers an unknown /api path with a 404 envelope that names it, in both languages', async () => {
    const zh = await t.request({ method: 'GET', url: '/api/no/such/thing?x=1' });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toMatchObject({ code: 404, msg: '接口 GET /api/no/such/thing 不存在' });
    const en = await t.request({ method: 'POST', url: '/api/no/such/thing', locale: 'en-US' });
    expect(en.json()).toMatchObject({ code: 404, msg: 'No endpoint POST /api/no/such/thing' });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/dev/clock',
      headers: { 'content-type': 'application/json' },
      payload: '{"advanceMinutes": ',
      locale: 'en-US',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, msg: 'The request body is not valid JSON' });
  });

  it('answers a validation failure with a 400 that names the field, in the caller language', async () => {
    const zh = await t.request({ method: 'POST', url: '/api/dev/clock', payload: { advanceMinutes: -5 } });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({
      code: 400,
      msg: '参数 advanceMinutes 不正确：不能小于 0',
      data: { field: 'advanceMinutes' },
    });
    const en = await t.request({ method: 'POST', url: '/api/dev/clock', payload: {}, locale: 'en-US' });
    expect(en.json()).toMatchObject({
      code: 400,
      msg: 'Invalid advanceMinutes: is required',
      data: { field: 'advanceMinutes' },
    });
  });

  it('answers a missing body where one is required as missing, naming the body', async () => {
    const response = await t.request({ method: 'POST', url: '/api/dev/clock', locale: 'en-US' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, msg: 'Invalid body: is required', data: { field: 'body' } });
  });

  it('answers an oversized body with a 413 envelope, in both languages', async () => {
    const oversized = { advanceMinutes: 1, padding: 'x'.repeat(4096) };
    const en = await t.request({ method: 'POST', url: '/api/dev/clock', payload: oversized, locale: 'en-US' });
    expect(en.statusCode).toBe(413);
    expect(en.json()).toMatchObject({ code: 413, msg: 'The request body is too large (at most 2048 bytes)' });
    const zh = await t.request({ method: 'POST', url: '/api/dev/clock', payload: oversized });
    expect(zh.json()).toMatchObject({ code: 413, msg: '请求体过大，最大 2048 字节' });
  });

  it('answers a protected endpoint without a token with a 401 envelope, in both languages', async () => {
    const zh = await t.request({ method: 'POST', url: '/api/system/user/getVerified' });
    expect(zh.statusCode).toBe(401);
    expect(zh.json()).toMatchObject({ code: 401, msg: '请先登录' });
    const en = await t.request({ method: 'DELETE', url: '/api/auth/logout', token: 'x'.repeat(43), locale: 'en-US' });
    expect(en.json()).toMatchObject({ code: 401, msg: 'Please log in first' });
  });

  it('answers an unexpected failure with a generic 500 in both languages, keeping the details out', async () => {
    const en = await t.request({ method: 'GET', url: '/api/test/boom', locale: 'en-US' });
    expect(en.statusCode).toBe(500);
    expect(en.json()).toMatchObject({ code: 500, msg: 'Server error, please try again later' });
    const zh = await t.request({ method: 'GET', url: '/api/test/boom' });
    expect(zh.json()).toMatchObject({ code: 500, msg: '服务器错误，请稍后再试' });
    for (const response of [en, zh]) {
      expect(response.body).not.toContain('hunter2');
      expect(response.body).not.toContain('stack');
    }
  });

  it('echoes a request id so that a user report can be found in the logs', async () => {
    const response = await t.request({ method: 'GET', url: '/api/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('ignores extra body fields instead of trusting them', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { advanceMinutes: 0, balance: 1e9 },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the sn signature header', () => {
  it('refuses a signed endpoint without sn, naming the header', async () => {
    const { token } = await createSignedInUser(t);
    const response = await t.request({
      method: 'POST',
      url: '/api/system/user/getVerified',
      token,
      unsigned: true,
      locale: 'en-US',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, data: { field: 'sn' } });
  });

  it('refuses a signature older than five minutes', async () => {
    const { token } = await createSignedInUser(t);
    const { signRequest } = await import('@suanli/contract');
    const stale = signRequest('/system/user/getVerified', Date.now() - 6 * 60_000);
    const response = await t.request({
      method: 'POST',
      url: '/api/system/user/getVerified',
      token,
      unsigned: true,
      headers: { sn: stale },
    });
    expect(response.statusCode).toBe(400);
  });

  it('is not required by the health probes', async () => {
    const response = await t.request({ method: 'GET', url: '/api/healthz', unsigned: true });
    expect(response.statusCode).toBe(200);
  });
});

describe('operations endpoints', () => {
  it('serves the OpenAPI document generated from the endpoint table', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/system/user/getVerified'].post.operationId).toBe('getVerified');
    expect(document.paths['/api/healthz'].get.responses['200']).toBeDefined();
  });

  it('serves the OpenAPI UI at /api/docs', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('counts requests in Prometheus format at /metrics', async () => {
    await t.request({ method: 'GET', url: '/api/healthz' });
    const response = await t.request({ method: 'GET', url: '/metrics' });
    expect(response.body).toMatch(/http_requests_total\{method="GET",route="\/api\/healthz",status="200"\} \d+/);
  });
});
