import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';

let t: TestApp;
const dist = mkdtempSync(path.join(os.tmpdir(), 'suanli-dist-'));

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root">console</div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'prerendered', 'index.html'), '<!doctype html><div id="root">home prerendered</div>');
  writeFileSync(path.join(dist, 'prerendered', 'aigc.html'), '<!doctype html><div id="root">aigc prerendered</div>');
  t = await buildTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the console', () => {
  it('is served at / and at every deep link (history fallback)', async () => {
    for (const url of ['/myApp', '/modelDetial?id=3', '/no/such/page']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('console');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("serves a page the build rendered ahead at its path, matched as the console's router matches", async () => {
    for (const [url, body] of [
      ['/', 'home prerendered'],
      ['/aigc', 'aigc prerendered'],
      ['/AIGC/', 'aigc prerendered'],
      ['/aigc?invitationCode=ABC', 'aigc prerendered'],
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(body);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps the prerendered pages off their own file addresses', async () => {
    const response = await t.request({ method: 'GET', url: '/prerendered/aigc.html' });
    expect(response.body).toContain('console');
    expect(response.body).not.toContain('aigc prerendered');
  });

  it('serves hashed assets with a long cache life', async () => {
    const response = await t.request({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('never answers an /api path with the console page', async () => {
    const response = await t.request({ method: 'GET', url: '/api/myApp' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404 });
  });

  it('sends security headers with a content security policy', async () => {
    const response = await t.request({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // antd writes its CSS-in-JS into <style> tags at run time.
    expect(response.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
