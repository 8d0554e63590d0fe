import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';

const CONSOLE = 'https://console.example.com';
const preflight = (origin: string) => ({
  method: 'OPTIONS' as const,
  url: '/api/auth/user/getUserInfo',
  headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,sn' },
  unsigned: true,
});

describe('cross-origin calls with no CORS_ORIGINS (the console is served by the API itself)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('allow no other origin: a preflight is not found and an answer names no origin', async () => {
    const asked = await t.request(preflight(CONSOLE));
    expect(asked.statusCode).toBe(404);
    expect(asked.headers['access-control-allow-origin']).toBeUndefined();
    const answer = await t.request({ method: 'GET', url: '/api/healthz', headers: { origin: CONSOLE } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('cross-origin calls with CORS_ORIGINS set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ CORS_ORIGINS: `${CONSOLE}, https://admin.example.com` });
  });
  afterAll(() => t.close());

  it("answer a listed origin's preflight and its calls, naming it", async () => {
    const asked = await t.request(preflight(CONSOLE));
    expect(asked.statusCode).toBe(204);
    expect(asked.headers['access-control-allow-origin']).toBe(CONSOLE);
    expect(String(asked.headers['access-control-allow-headers'])).toContain('authorization');
    const answer = await t.request({ method: 'GET', url: '/api/healthz', headers: { origin: CONSOLE } });
    expect(answer.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
    expect(answer.headers['access-control-allow-origin']).toBe(CONSOLE);
  });

  it('name no origin that is not listed', async () => {
    const asked = await t.request(preflight('https://elsewhere.example.com'));
    expect(asked.headers['access-control-allow-origin']).toBeUndefined();
    const answer = await t.request({
      method: 'GET',
      url: '/api/healthz',
      headers: { origin: 'https://elsewhere.example.com' },
    });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});
