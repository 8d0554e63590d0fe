import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it.each(['/api/healthz', '/api/no/such/thing', '/api/auth/user/getUserInfo'])(
    'on an API answer forbid loading or framing anything from it and sending a Referer from it: %s',
    async (url) => {
      const response = await t.request({ method: 'GET', url });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
      });
      // The document-only headers stay off answers that are no page.
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    },
  );

  it("on a page the API serves are helmet's document headers, beside the page's own policy", async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs', unsigned: true });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    // The API reference sets a policy of its own, which stands.
    expect(response.headers['content-security-policy']).not.toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
