import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await createSignedInUser(t));
});
afterAll(() => t.close());

// The current user's answer: roles, permissions and the rest, well above the 1 KB threshold.
const userInfo = (acceptEncoding?: string) =>
  t.request({
    method: 'GET',
    url: '/api/auth/user/getUserInfo',
    token,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('JSON answers', () => {
  it('above 1 KB arrive gzipped when the client accepts it, varying by Accept-Encoding', async () => {
    const plain = await userInfo();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1_024);

    const response = await userInfo('gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(plain.json());
  });

  it('arrive as Brotli for a client that accepts only Brotli', async () => {
    const response = await userInfo('br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString()).data.userId).toBeTruthy();
  });

  it('below 1 KB are sent as they are', async () => {
    const response = await t.request({ method: 'GET', url: '/api/healthz', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
  });
});
