import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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
  for (const language of ['zh-CN', 'en-US']) {
    const shells = path.join(dist, 'prerendered', 'signed-in', language);
    mkdirSync(shells, { recursive: true });
    writeFileSync(
      path.join(shells, 'userCenter.html'),
      `<!doctype html><div id="root">userCenter shell ${language}</div>`,
    );
  }
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
    for (const url of ['/prerendered/aigc.html', '/prerendered/signed-in/zh-CN/userCenter.html']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.body, url).toContain('console');
      expect(response.body, url).not.toContain('prerendered');
      expect(response.body, url).not.toContain('shell');
    }
  });

  it("sends a signed-in page's shell in the language the console's hint cookie names (decision 0043)", async () => {
    for (const [cookie, body] of [
      ['suanli_shell=zh-CN', 'userCenter shell zh-CN'],
      ['theme=dark; suanli_shell=en-US', 'userCenter shell en-US'],
    ] as const) {
      const response = await t.request({ method: 'GET', url: '/userCenter', headers: { cookie } });
      expect(response.body, cookie).toContain(body);
      expect(response.headers['cache-control'], cookie).toBe('no-cache');
      expect(String(response.headers.vary), cookie).toMatch(/cookie/i);
    }
    const differentCase = await t.request({
      method: 'GET',
      url: '/USERCENTER/',
      headers: { cookie: 'suanli_shell=zh-CN' },
    });
    expect(differentCase.body).toContain('userCenter shell zh-CN');
  });

  it('sends the empty console without the hint, with a hint naming no language it speaks, or with a query', async () => {
    for (const [url, cookie] of [
      ['/userCenter', undefined],
      ['/userCenter', 'suanli_shell=fr-FR'],
      ['/userCenter', 'not_suanli_shell=zh-CN'],
      ['/userCenter?tab=1', 'suanli_shell=zh-CN'],
      ['/myApp', 'suanli_shell=zh-CN'],
    ] as const) {
      const response = await t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode, `${url} ${cookie}`).toBe(200);
      expect(response.body, `${url} ${cookie}`).toBe('<!doctype html><div id="root">console</div>');
    }
    const plain = await t.request({ method: 'GET', url: '/userCenter' });
    expect(String(plain.headers.vary)).toMatch(/cookie/i);
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

// Stands in for the renderer the console's build leaves beside its pages (apps/web/src/prerender.tsx): it reads the
// application center's first page through the fetch the server hands it, as the console does, and writes its names.
const FAKE_RENDERER = `
let apiFetch;
export const LIVE_PATHS = ['/', '/aigc'];
export function setApiFetch(next) { apiFetch = next; }
export async function renderLivePage(pathname, template) {
  if (pathname === '/') throw new Error('the first screen could not be read');
  const response = await apiFetch('/api/system/applicationImage/listByUserPage?pageNum=1&pageSize=12', {
    headers: { Accept: 'application/json', 'Accept-Language': 'zh-CN' },
  });
  const { data } = await response.json();
  const names = data.rows.map((row) => '<li>' + row.name + '</li>').join('');
  return template.replace('<div id="root"></div>', '<div id="root"><ul>' + names + '</ul></div>');
}
`;

describe('a page with live data on its first screen', () => {
  let live: TestApp;
  const liveDist = mkdtempSync(path.join(os.tmpdir(), 'suanli-dist-'));

  beforeAll(async () => {
    writeFileSync(path.join(liveDist, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(liveDist, 'prerendered'));
    for (const page of ['index', 'aigc', 'computerPower']) {
      writeFileSync(path.join(liveDist, 'prerendered', `${page}.html`), `<div id="root">${page} as built</div>`);
    }
    writeFileSync(path.join(liveDist, 'prerendered', 'renderer.mjs'), FAKE_RENDERER);
    // The stand-in sends no signature; the console's client signs every call.
    live = await buildTestApp({ WEB_DIST: liveDist, SN_CHECK: '0' });
  });
  afterAll(async () => {
    await live.close();
    rmSync(liveDist, { recursive: true, force: true });
  });

  const officialNames = async () => {
    const page = await live.request({
      method: 'GET',
      url: '/api/system/applicationImage/listByUserPage?kind=official',
    });
    return (page.json() as { data: { rows: Array<{ name: string }> } }).data.rows.map((row) => row.name);
  };

  it('arrives with the data the endpoint answers now, never cached', async () => {
    const response = await live.request({ method: 'GET', url: '/aigc' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const names = await officialNames();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(response.body).toContain(`<li>${name}</li>`);
    }
  });

  it('is compressed as the browser accepts', async () => {
    const plain = await live.request({ method: 'GET', url: '/aigc' });
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await live.request({ method: 'GET', url: '/AIGC/', headers: { 'accept-encoding': accept } });
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect(decode(response.rawPayload).toString(), accept).toBe(plain.body);
    }
  });

  it('is sent as built when its data cannot be read, with a query, or when it shows no live data', async () => {
    for (const [url, body] of [
      ['/', 'index as built'],
      ['/aigc?invitationCode=ABC', 'aigc as built'],
      ['/computerPower', 'computerPower as built'],
    ]) {
      const response = await live.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(body);
    }
  });
});
