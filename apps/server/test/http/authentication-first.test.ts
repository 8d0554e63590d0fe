import { ENDPOINTS } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

// Every endpoint that needs a session, its path parameters filled with something no route accepts.
const PROTECTED = ENDPOINTS.filter((endpoint) => endpoint.auth === 'user').map((endpoint) => ({
  method: endpoint.method,
  url: `/api${endpoint.path.replace(/:\w+/g, '%20not-an-id')}?pageNum=-1&pageSize=abc&id=%E2%80%AE`,
}));
const WITH_BODY = PROTECTED.filter(({ method }) => method !== 'GET' && method !== 'DELETE');

describe('a call to a protected endpoint without a live session', () => {
  it('is told to log in before anything is said about its input', async () => {
    expect(PROTECTED.length).toBeGreaterThan(50);
    const refusals: string[] = [];
    for (const { method, url } of PROTECTED) {
      for (const unsigned of [true, false]) {
        const response = await t.request({ method, url, locale: 'en-US', unsigned });
        if (response.statusCode !== 401) {
          refusals.push(
            `${method} ${url}${unsigned ? ' unsigned' : ''}: ${response.statusCode} ${response.json().msg}`,
          );
        }
      }
    }
    expect(refusals).toEqual([]);
  });

  it.each([
    ['no token', {}],
    ['a token of no session', { authorization: 'Bearer no-session-has-this-token-0123456789' }],
  ])('with %s, answers 401 to a malformed, invalid or unsupported body without a signature', async (_, auth) => {
    const bodies = [
      { headers: { 'content-type': 'application/json' }, payload: '{"half": ' },
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x\u0000y', n: -1 }) },
      { headers: { 'content-type': 'text/csv' }, payload: 'a,b' },
    ];
    const refusals: string[] = [];
    for (const { method, url } of WITH_BODY) {
      for (const body of bodies) {
        const response = await t.request({
          method,
          url,
          locale: 'en-US',
          unsigned: true,
          ...body,
          headers: { ...body.headers, ...auth },
        });
        if (response.statusCode !== 401) {
          refusals.push(`${method} ${url} (${body.headers['content-type']}): ${response.statusCode}`);
        }
      }
    }
    expect(refusals).toEqual([]);
    const signed = await t.request({ method: 'GET', url: '/api/auth/user/getUserInfo', locale: 'en-US' });
    expect(signed.json()).toMatchObject({ code: 401, msg: 'Please log in first' });
  });

  it('with a live session, still checks the signature', async () => {
    const { token } = await createSignedInUser(t);
    for (const method of ['GET', 'POST'] as const) {
      const url = method === 'GET' ? '/api/auth/user/getUserInfo' : '/api/equipment/deviceServer/createApplication';
      const response = await t.request({ method, url, token, unsigned: true, locale: 'en-US' });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().data.field).toBe('sn');
    }
  });
});
