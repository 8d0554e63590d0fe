import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it.each(['/api/healthz', '/api/no/such/thing', '/api/auth/user/getUserInfo'])(
    'are on every answer: %s',
    async (url) => {
      const response = await t.request({ method: 'GET', url });
      expect(response.headers).toMatchObject({
        'content-security-policy': expect.stringContaining("default-src 'self'"),
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(response.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
      expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    },
  );
});
