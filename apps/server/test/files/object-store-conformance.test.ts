import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/jobs/clock.js';
import {
  attachmentNamed,
  createObjectStore,
  PartMismatchError,
  S3ObjectStore,
  type ObjectStore,
} from '../../src/providers/object-store/index.js';
import { buildTestApp, testConfig } from '../helpers/build-test-app.js';
import { startS3Server } from '../helpers/s3-server.js';

/** One adapter under test: stores signing now and an hour ago, and how a browser reaches their links. */
interface Adapter {
  store: ObjectStore;
  /** Signs with a clock an hour behind: every link it makes has already expired. */
  pastStore: ObjectStore;
  /** The query parameter carrying a link's lifetime. */
  expiryParam: string;
  /** The query parameter carrying a link's signature. */
  signatureParam: string;
  absolute(url: string): string;
  close(): Promise<void>;
}

const anHourAgo: Clock = { now: () => new Date(Date.now() - 3_600_000) };

async function localAdapter(): Promise<Adapter> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-conformance-'));
  const t = await buildTestApp({ DATA_DIR: dataDir });
  const config = await testConfig({ DATA_DIR: dataDir });
  const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return {
    store: createObjectStore(config, t.clock),
    pastStore: createObjectStore(config, anHourAgo),
    expiryParam: 'expires',
    signatureParam: 'signature',
    absolute: (url) => `${origin}${url}`,
    async close() {
      // fetch keeps its connections alive; without this, close() could wait out Fastify's keep-alive.
      t.app.server.closeAllConnections();
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function s3Adapter(): Promise<Adapter> {
  const server = await startS3Server();
  return {
    store: new S3ObjectStore(server.settings, { now: () => new Date() }),
    pastStore: new S3ObjectStore(server.settings, anHourAgo),
    expiryParam: 'X-Amz-Expires',
    signatureParam: 'X-Amz-Signature',
    absolute: (url) => url,
    close: () => server.close(),
  };
}

const withParam = (url: string, name: string, change: (value: string) => string) => {
  const parsed = new URL(url, 'http://relative.invalid');
  parsed.searchParams.set(name, change(parsed.searchParams.get(name) ?? ''));
  return url.startsWith('http') ? parsed.toString() : `${parsed.pathname}${parsed.search}`;
};

describe.each([
  { name: 'embedded (local)', start: localAdapter },
  { name: 'S3 (s3rver on the loopback)', start: s3Adapter },
])('the $name object store', ({ start }) => {
  let adapter: Adapter;
  let store: ObjectStore;
  beforeAll(async () => {
    adapter = await start();
    store = adapter.store;
  });
  afterAll(() => adapter.close());

  const put = (url: string, body: string | Uint8Array, contentType: string) =>
    fetch(adapter.absolute(url), { method: 'PUT', headers: { 'content-type': contentType }, body });
  const get = (url: string) => fetch(adapter.absolute(url));
  const upload = async (key: string, body: string, contentType = 'image/png') => {
    const link = await store.presignPut(key, { contentTypes: [contentType], maxBytes: 1024, expiresInSeconds: 60 });
    expect((await put(link.url, body, contentType)).status).toBe(200);
  };

  it('serves back byte for byte what a signed PUT stored, with the type it was stored with', async () => {
    const bytes = new Uint8Array(600).map((_, index) => index % 251);
    const link = await store.presignPut('users/1/bytes.png', {
      contentTypes: ['image/png'],
      maxBytes: 1024,
      expiresInSeconds: 60,
    });
    expect(link.method).toBe('PUT');
    expect((await put(link.url, bytes, 'image/png')).status).toBe(200);
    const response = await get((await store.presignGet('users/1/bytes.png', 60)).url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('refuses an upload link whose key, expiry or signature was changed, or sent with another type', async () => {
    const key = 'users/1/guarded.png';
    const { url } = await store.presignPut(key, { contentTypes: ['image/png'], maxBytes: 1024, expiresInSeconds: 60 });
    const tampered = [
      url.replace('/users/1/guarded.png', '/users/1/other.png'),
      withParam(url, adapter.expiryParam, (value) => String(Number(value) + 3_600)),
      withParam(url, adapter.signatureParam, (value) => `${value[0] === '0' ? '1' : '0'}${value.slice(1)}`),
    ];
    for (const link of tampered) {
      expect((await put(link, 'png', 'image/png')).status, link).toBe(403);
    }
    expect((await put(url, '<script>', 'text/html')).status).toBeGreaterThanOrEqual(400);
    expect(await store.exists(key)).toBe(false);
    expect(await store.exists('users/1/other.png')).toBe(false);
  });

  it('refuses a download link that has expired or whose key or file name was changed', async () => {
    await upload('users/1/mine.png', 'mine');
    await upload('users/2/theirs.png', 'theirs');
    const expired = await adapter.pastStore.presignGet('users/1/mine.png', 60);
    expect(expired.expiresAt.getTime()).toBeLessThan(Date.now());
    expect((await get(expired.url)).status).toBe(403);
    const { url } = await store.presignGet('users/1/mine.png', 60, { fileName: 'mine.png' });
    const theirs = await get(url.replace('/users/1/mine.png', '/users/2/theirs.png'));
    expect(theirs.status).toBe(403);
    expect(await theirs.text()).not.toContain('theirs');
    const renamed = url.replace(/mine\.png(?=[^/]*$)/, 'evil.html');
    expect(renamed).not.toBe(url);
    expect((await get(renamed)).status).toBe(403);
  });

  it('refuses an upload link that has expired', async () => {
    const link = await adapter.pastStore.presignPut('users/1/late.png', {
      contentTypes: ['image/png'],
      maxBytes: 1024,
      expiresInSeconds: 60,
    });
    expect((await put(link.url, 'late', 'image/png')).status).toBe(403);
    expect(await store.exists('users/1/late.png')).toBe(false);
  });

  it('saves a named download under its name, Chinese included', async () => {
    await upload('users/1/model.bin', 'weights', 'application/octet-stream');
    const { url } = await store.presignGet('users/1/model.bin', 60, { fileName: '模型 v1.safetensors' });
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(attachmentNamed('模型 v1.safetensors'));
    expect(await response.text()).toBe('weights');
  });

  it('writes, reads, measures and deletes objects on the server', async () => {
    const key = 'images/7/archive.tar';
    const size = await store.put(key, Readable.from([Buffer.from('tar '), Buffer.from('archive '), 'bytes']), {
      contentType: 'application/x-tar',
    });
    expect(size).toBe(17);
    expect(await store.sizeOf(key)).toBe(17);
    expect(await store.exists(key)).toBe(true);
    expect(await store.readHead(key, 3)).toEqual({ head: Buffer.from('tar'), contentType: 'application/x-tar' });
    const object = await store.open(key);
    expect(object).toMatchObject({ size: 17, contentType: 'application/x-tar' });
    const chunks: Buffer[] = [];
    for await (const chunk of object!.stream) {
      chunks.push(Buffer.from(chunk as Uint8Array));
    }
    expect(Buffer.concat(chunks).toString()).toBe('tar archive bytes');
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.sizeOf(key)).toBeNull();
    expect(await store.open(key)).toBeNull();
    expect(await store.readHead(key, 3)).toBeNull();
  });

  describe('multipart uploads', () => {
    const putPart = async (key: string, uploadId: string, partNumber: number, body: string) => {
      const link = await store.presignPart(key, { uploadId, partNumber }, 60);
      expect(link.method).toBe('PUT');
      return put(link.url, body, 'application/octet-stream');
    };
    const read = async (key: string) => (await get((await store.presignGet(key, 60)).url)).text();

    it('joins parts in number order and lists those received, so that a dropped upload resumes', async () => {
      const key = 'data/1/big.bin';
      const { uploadId } = await store.createMultipart(key, { contentType: 'application/octet-stream' });
      const third = await putPart(key, uploadId, 3, 'g');
      const first = await putPart(key, uploadId, 1, 'abc');
      expect(first.status).toBe(200);
      expect(first.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
      // The connection drops here; the browser asks where to carry on.
      const listed = await store.listParts(key, uploadId);
      expect(listed.map(({ partNumber, size }) => [partNumber, size])).toEqual([
        [1, 3],
        [3, 1],
      ]);
      expect(listed.map((part) => part.etag.replace(/"/g, ''))).toEqual(
        [first, third].map((response) => response.headers.get('etag')!.replace(/"/g, '')),
      );
      const second = await putPart(key, uploadId, 2, 'def');
      const parts = [...listed, { partNumber: 2, etag: second.headers.get('etag')! }];
      expect(await store.completeMultipart(key, uploadId, parts)).toBe(7);
      expect(await read(key)).toBe('abcdefg');
      expect(await store.sizeOf(key)).toBe(7);
    });

    it('refuses a completion naming a part it does not hold or with another tag', async () => {
      const key = 'data/1/refused.bin';
      const { uploadId } = await store.createMultipart(key, { contentType: 'text/plain' });
      const part = await putPart(key, uploadId, 1, 'abc');
      await expect(store.completeMultipart(key, uploadId, [{ partNumber: 1, etag: '"0"' }])).rejects.toBeInstanceOf(
        PartMismatchError,
      );
      await expect(
        store.completeMultipart(key, uploadId, [
          { partNumber: 1, etag: part.headers.get('etag')! },
          { partNumber: 2, etag: part.headers.get('etag')! },
        ]),
      ).rejects.toBeInstanceOf(PartMismatchError);
      expect(await store.exists(key)).toBe(false);
    });

    it('refuses a part link that is tampered with, expired, or names an upload of another key', async () => {
      const key = 'data/1/guarded.bin';
      const { uploadId } = await store.createMultipart(key, { contentType: 'text/plain' });
      const { url } = await store.presignPart(key, { uploadId, partNumber: 1 }, 60);
      expect((await put(url.replace('partNumber=1', 'partNumber=2'), 'x', 'text/plain')).status).toBe(403);
      const other = await store.presignPart('data/2/other.bin', { uploadId, partNumber: 1 }, 60);
      expect((await put(other.url, 'x', 'text/plain')).status).toBeGreaterThanOrEqual(400);
      const late = await adapter.pastStore.presignPart(key, { uploadId, partNumber: 1 }, 60);
      expect((await put(late.url, 'x', 'text/plain')).status).toBe(403);
      expect(await store.listParts(key, uploadId)).toEqual([]);
    });

    it('forgets an aborted upload', async () => {
      const key = 'data/1/aborted.bin';
      const { uploadId } = await store.createMultipart(key, { contentType: 'text/plain' });
      expect((await putPart(key, uploadId, 1, 'abc')).status).toBe(200);
      await store.abortMultipart(key, uploadId);
      await expect(store.listParts(key, uploadId)).rejects.toBeInstanceOf(PartMismatchError);
      expect((await putPart(key, uploadId, 2, 'x')).status).toBeGreaterThanOrEqual(400);
      expect(await store.exists(key)).toBe(false);
    });
  });
});
