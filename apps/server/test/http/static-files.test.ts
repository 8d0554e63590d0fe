import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';

// A console as the build leaves it (apps/web/vite-plugins/precompress.ts): each file with its Brotli and gzip copies.
const SCRIPT = `console.log(${JSON.stringify('算力云 '.repeat(400))});\n`;
const PAGE = `<!doctype html><div id="root">console</div>${'<!-- padding -->'.repeat(80)}`;
const dist = mkdtempSync(path.join(os.tmpdir(), 'suanli-dist-'));

function writeWithCopies(file: string, content: string) {
  writeFileSync(path.join(dist, file), content);
  writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(content));
  writeFileSync(path.join(dist, `${file}.gz`), gzipSync(content));
}

let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeWithCopies('index.html', PAGE);
  writeWithCopies('assets/index-abc123.js', SCRIPT);
  // Two API calls a minute: the console's files must not use them up.
  t = await buildTestApp({ WEB_DIST: dist, RATE_LIMIT_PER_MINUTE: '2' });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.request({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe("the console's files", () => {
  it('arrive as the Brotli copy built beside them when the browser accepts it, cached for good', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
  });

  it('carry the security headers that apply to a script, and leave the document-only ones to the page', async () => {
    const script = await get('/assets/index-abc123.js', 'br');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['content-security-policy']).toBeUndefined();
    const page = await get('/myApp', 'br');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('arrive gzipped for a browser without Brotli, and as they are for one that accepts neither', async () => {
    const gzipped = await get('/assets/index-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(SCRIPT);
  });

  it('serve index.html compressed and never cached, at / and at every deep link', async () => {
    for (const url of ['/', '/myApp']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('are not counted by the API rate limiter', async () => {
    for (let index = 0; index < 5; index += 1) {
      const response = await get('/assets/index-abc123.js', 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const statuses = [];
    for (let index = 0; index < 3; index += 1) {
      statuses.push((await t.request({ method: 'GET', url: '/api/healthz' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('are never offered by the name of their compressed copy: that is an unknown path, which gets the console', async () => {
    const response = await get('/assets/index-abc123.js.br');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('id="root"');
  });
});
