import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { createObjectStore, type ObjectStore } from '../../src/providers/object-store/index.js';
import { buildTestApp, testConfig, type TestApp } from '../helpers/build-test-app.js';

let t: TestApp;
let dataDir: string;
let store: ObjectStore;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-multipart-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  store = createObjectStore(await testConfig({ DATA_DIR: dataDir }), t.clock);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function putPart(key: string, uploadId: string, partNumber: number, body: string) {
  const { url } = await store.presignPart(key, { uploadId, partNumber }, 60);
  return t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'application/octet-stream' }, payload: body });
}

async function read(key: string) {
  return (await t.app.inject({ method: 'GET', url: (await store.presignGet(key, 60)).url })).payload;
}

describe('a multipart upload through the embedded store', () => {
  it('joins its parts in number order, whatever order they arrived in, and leaves nothing behind', async () => {
    const key = 'tests/multi/joined.bin';
    const { uploadId } = await store.createMultipart(key, { contentType: 'application/octet-stream' });
    const second = await putPart(key, uploadId, 2, 'world');
    const first = await putPart(key, uploadId, 1, 'hello ');
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const parts = [
      { partNumber: 2, etag: String(second.headers.etag) },
      { partNumber: 1, etag: String(first.headers.etag) },
    ];
    expect(await store.completeMultipart(key, uploadId, parts)).toBe(11);
    expect(await read(key)).toBe('hello world');
    expect(await store.sizeOf(key)).toBe(11);
    expect(readdirSync(path.join(dataDir, 'objects', '.uploads'))).toEqual([]);
  });

  it('lists the parts received, so that a dropped upload resumes where it stopped', async () => {
    const key = 'tests/multi/resumed.bin';
    const { uploadId } = await store.createMultipart(key, { contentType: 'text/plain' });
    await putPart(key, uploadId, 1, 'abc');
    await putPart(key, uploadId, 3, 'g');
    const listed = await store.listParts(key, uploadId);
    expect(listed.map(({ partNumber, size }) => [partNumber, size])).toEqual([
      [1, 3],
      [3, 1],
    ]);
    const middle = await putPart(key, uploadId, 2, 'def');
    const parts = [...listed, { partNumber: 2, etag: String(middle.headers.etag), size: 3 }];
    await store.completeMultipart(key, uploadId, parts);
    expect(await read(key)).toBe('abcdefg');
  });

  it('refuses a completion naming a part it does not hold or with another tag', async () => {
    const key = 'tests/multi/refused.bin';
    const { uploadId } = await store.createMultipart(key, { contentType: 'text/plain' });
    const part = await putPart(key, uploadId, 1, 'abc');
    await expect(store.completeMultipart(key, uploadId, [{ partNumber: 1, etag: '"0"' }])).rejects.toThrow();
    await expect(
      store.completeMultipart(key, uploadId, [
        { partNumber: 1, etag: String(part.headers.etag) },
        { partNumber: 2, etag: String(part.headers.etag) },
      ]),
    ).rejects.toThrow();
    expect(await store.exists(key)).toBe(false);
  });

  it('refuses a part link that is tampered with, expired, or names an upload of another key', async () => {
    const key = 'tests/multi/guarded.bin';
    const { uploadId } = await store.createMultipart(key, { contentType: 'text/plain' });
    const { url } = await store.presignPart(key, { uploadId, partNumber: 1 }, 60);
    const put = (target: string) =>
      t.app.inject({ method: 'PUT', url: target, headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect((await put(url.replace('partNumber=1', 'partNumber=2'))).statusCode).toBe(403);
    const other = await store.presignPart('tests/multi/other.bin', { uploadId, partNumber: 1 }, 60);
    expect((await put(other.url)).statusCode).toBe(403);
    (t.clock as AdjustableClock).advance(2);
    expect((await put(url)).statusCode).toBe(403);
  });

  it('forgets an aborted upload', async () => {
    const key = 'tests/multi/aborted.bin';
    const { uploadId } = await store.createMultipart(key, { contentType: 'text/plain' });
    await putPart(key, uploadId, 1, 'abc');
    await store.abortMultipart(key, uploadId);
    await expect(store.listParts(key, uploadId)).rejects.toThrow();
    expect((await putPart(key, uploadId, 2, 'x')).statusCode).toBe(403);
  });
});

describe('a named download link', () => {
  it('saves under its name, Chinese included, and the name cannot be changed', async () => {
    const key = 'tests/named/file.bin';
    await store.put(key, Readable.from(['data']), { contentType: 'application/octet-stream' });
    const { url } = await store.presignGet(key, 60, { fileName: '模型 v1.safetensors' });
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="__ v1.safetensors"; filename*=UTF-8''${encodeURIComponent('模型 v1.safetensors')}`,
    );
    const renamed = url.replace(/name=[^&]+/, 'name=evil.html');
    expect((await t.app.inject({ method: 'GET', url: renamed })).statusCode).toBe(403);
  });
});
