import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectStore, isSafeObjectKey, type ObjectStore } from '../../src/providers/object-store/index.js';
import { buildTestApp, testConfig, type TestApp } from '../helpers/build-test-app.js';

let t: TestApp;
let dataDir: string;
let store: ObjectStore;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-objects-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  // A second store over the same folder and key, as another module of the same server would build it.
  store = createObjectStore(await testConfig({ DATA_DIR: dataDir }), t.clock);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const policy = (contentTypes: string[]) => ({ contentTypes, maxBytes: 1_024, expiresInSeconds: 60 });

async function upload(key: string, body: string, contentType: string) {
  const { url } = await store.presignPut(key, policy([contentType]));
  const response = await t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });
  expect(response.statusCode).toBe(200);
}

describe('object keys', () => {
  it('accept plain slash-separated segments', () => {
    expect(isSafeObjectKey('avatars/12/3f2a-9.png')).toBe(true);
    expect(isSafeObjectKey('data/7/My_File-v2.tar.gz')).toBe(true);
  });

  it.each(['../etc/passwd', 'a/../../b', 'a//b', '/abs', 'a/./b', '.hidden', 'a/b/', 'a\\b', 'a b', 'a/%2e%2e', ''])(
    'refuse %j',
    (key) => {
      expect(isSafeObjectKey(key)).toBe(false);
    },
  );
});

describe('object links', () => {
  it('write the object under DATA_DIR/objects and nowhere else', async () => {
    await upload('tests/one/file.png', 'png', 'image/png');
    expect(existsSync(path.join(dataDir, 'objects', 'tests', 'one', 'file.png'))).toBe(true);
    expect(await store.exists('tests/one/file.png')).toBe(true);
    expect(readdirSync(path.join(dataDir, 'objects', '.tmp'))).toEqual([]);
  });

  // `..` and `%2e%2e` segments are resolved by URL parsing before routing; an encoded slash reaches the route.
  it('refuse an encoded path that climbs out of the store', async () => {
    for (const url of [
      '/api/objects/..%2f..%2fetc%2fpasswd?expires=99999999999&signature=00',
      '/api/objects/a%2f..%2f..%2fsecret?expires=99999999999&signature=00',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code, url).toBe(403);
    }
  });

  it('answer 404 for a validly signed link to an object that does not exist', async () => {
    const { url } = await store.presignGet('tests/missing.png', 60);
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, msg: '资源不存在' });
  });

  it('do not let a download link upload, nor an upload link download', async () => {
    await upload('tests/two/file.png', 'original', 'image/png');
    const download = await store.presignGet('tests/two/file.png', 60);
    const overwrite = await t.app.inject({
      method: 'PUT',
      url: download.url,
      headers: { 'content-type': 'image/png' },
      payload: 'replaced',
    });
    expect(overwrite.statusCode).toBe(403);
    const uploadLink = await store.presignPut('tests/two/file.png', policy(['image/png']));
    expect((await t.app.inject({ method: 'GET', url: uploadLink.url })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: download.url })).payload).toBe('original');
  });

  it('do not let a link for one key reach another', async () => {
    await upload('tests/three/a.png', 'a', 'image/png');
    await upload('tests/three/b.png', 'b', 'image/png');
    const { url } = await store.presignGet('tests/three/a.png', 60);
    const response = await t.app.inject({ method: 'GET', url: url.replace('/a.png', '/b.png') });
    expect(response.statusCode).toBe(403);
  });

  it('serve images inline and anything else as a sandboxed download', async () => {
    await upload('tests/four/page.html', '<script>alert(1)</script>', 'text/html');
    const page = await t.app.inject({ method: 'GET', url: (await store.presignGet('tests/four/page.html', 60)).url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-disposition']).toBe('attachment');
    expect(page.headers['content-security-policy']).toContain('sandbox');
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    await upload('tests/four/image.gif', 'GIF89a', 'image/gif');
    const image = await t.app.inject({ method: 'GET', url: (await store.presignGet('tests/four/image.gif', 60)).url });
    expect(image.headers['content-disposition']).toBe('inline');
    expect(image.headers['content-type']).toBe('image/gif');
    expect(image.headers['cache-control']).toMatch(/^private, max-age=(59|60)$/);
  });

  it('need no token and no sn header', async () => {
    await upload('tests/five/x.png', 'x', 'image/png');
    const { url } = await store.presignGet('tests/five/x.png', 60);
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: 'Bearer nonsense-token-123' },
    });
    expect(response.statusCode).toBe(200);
  });

  // Stored objects are mostly archives, images and model weights: gzip on the fly would cost the server a core to
  // gain nothing (a 64 MiB download fell from 570 to 36 MB/s).
  it('serve an object as it is stored, never compressed on the fly', async () => {
    const { url: upload } = await store.presignPut('tests/seven/data.bin', {
      contentTypes: ['application/octet-stream'],
      maxBytes: 8_192,
      expiresInSeconds: 60,
    });
    const body = 'a'.repeat(4_096);
    const headers = { 'content-type': 'application/octet-stream' };
    expect((await t.app.inject({ method: 'PUT', url: upload, headers, payload: body })).statusCode).toBe(200);
    const { url } = await store.presignGet('tests/seven/data.bin', 60);
    const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe('4096');
    expect(response.payload).toBe(body);
  });

  it('remove an object and its metadata on delete', async () => {
    await upload('tests/six/x.png', 'x', 'image/png');
    await store.delete('tests/six/x.png');
    expect(await store.exists('tests/six/x.png')).toBe(false);
    expect(existsSync(path.join(dataDir, 'objects', '.meta', 'tests', 'six', 'x.png.json'))).toBe(false);
  });
});
