import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { requestQr, sandboxScan } from './wechat-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const page = (scene: string, locale?: 'zh-CN' | 'en-US') =>
  t.request({ method: 'GET', url: `/wechat/sandbox/scan?scene=${scene}`, locale, unsigned: true });

describe('the sandbox scan page', () => {
  it('is a Chinese page marked as the sandbox, with a random sandbox WeChat user and the scan button', async () => {
    const { data } = await requestQr(t);
    const response = await page(data.sceneStr);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('沙箱环境');
    expect(html).toContain(`data-scene="${data.sceneStr}"`);
    expect(html).toMatch(/data-testid="sandbox-open-id" value="sandbox-[0-9a-f]{12}"/);
    expect(html).toContain('data-testid="sandbox-nick-name"');
    expect(html).toContain('data-testid="sandbox-scan-button"');
    expect(html).toContain('<script src="/wechat/sandbox/scan.js"></script>');
    expect(html).not.toMatch(/<script>|on(click|submit)=/);
    expect((await page(data.sceneStr)).body).not.toBe(html);
  });

  it('speaks English to an English browser', async () => {
    const { data } = await requestQr(t);
    const html = (await page(data.sceneStr, 'en-US')).body;
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('Sandbox · not the real WeChat');
    expect(html).toContain('Scan as this WeChat user');
  });

  it('allows scripts from its own origin only, and serves its script from there', async () => {
    const { data } = await requestQr(t);
    const csp = String((await page(data.sceneStr)).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const script = await t.request({ method: 'GET', url: '/wechat/sandbox/scan.js', unsigned: true });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("fetch('/api/dev/wechat/scan'");
  });

  it('refuses a malformed scene instead of echoing it into the page', async () => {
    expect((await page('%22%3E%3Cscript%3E')).statusCode).toBe(400);
  });

  it('stays out of the OpenAPI document, which lists only the contract', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/docs/json', unsigned: true })).json();
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/wechat'))).toEqual([]);
    expect(document.paths['/api/dev/wechat/scan']).toBeDefined();
  });

  it('lets the scan endpoint be called without the sn signature, as the page calls it', async () => {
    const { data } = await requestQr(t);
    expect((await sandboxScan(t, data.sceneStr, 'sandbox-abc')).json()).toMatchObject({ code: 200 });
  });
});

describe('without DEV_TOOLS', () => {
  it('has neither the page, its script nor the scan endpoint', async () => {
    const production = await buildTestApp({ DEV_TOOLS: '0' }, { testDatabase: t.testDatabase });
    try {
      const { data } = await requestQr(production);
      expect(data.sandbox).toBe(true);
      for (const url of [`/wechat/sandbox/scan?scene=${data.sceneStr}`, '/wechat/sandbox/scan.js']) {
        const response = await production.request({ method: 'GET', url, unsigned: true });
        expect(response.statusCode).not.toBe(200);
        expect(response.body).not.toContain('sandbox-scan');
      }
      expect((await sandboxScan(production, data.sceneStr, 'sandbox-abc')).statusCode).toBe(404);
    } finally {
      await production.app.close();
    }
  });
});
