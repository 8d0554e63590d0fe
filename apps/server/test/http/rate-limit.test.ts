import { ENDPOINTS } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(() => t.close());

describe('rate limiting', () => {
  it('answers a flood from one address with a 429 envelope in the caller language', async () => {
    const statuses = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await t.request({ method: 'GET', url: '/api/healthz' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const response = await t.request({ method: 'GET', url: '/api/healthz', locale: 'en-US' });
    expect(response.json()).toMatchObject({ code: 429, msg: 'Too many requests, please try again later' });
  });
});

describe('the endpoint table', () => {
  it('has a registered route for every endpoint the contract declares', () => {
    for (const endpoint of ENDPOINTS) {
      expect(t.app.hasRoute({ method: endpoint.method, url: `/api${endpoint.path}` }), endpoint.id).toBe(true);
    }
  });
});
