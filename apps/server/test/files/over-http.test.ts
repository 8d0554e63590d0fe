import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectStore, type ObjectStore } from '../../src/providers/object-store/index.js';
import { buildTestApp, testConfig, type TestApp } from '../helpers/build-test-app.js';

let t: TestApp;
let dataDir: string;
let store: ObjectStore;
let origin: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-objects-http-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  store = createObjectStore(await testConfig({ DATA_DIR: dataDir }), t.clock);
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  // fetch keeps its connections alive; without this, close() could wait out Fastify's 72-second keep-alive.
  t.app.server.closeAllConnections();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// app.inject never opens a socket; refusing an upload midway must still reach a real client as an answer.
describe('object links over a real socket', () => {
  it('answer 413 to an oversized upload, announced or streamed, instead of dropping the connection', async () => {
    const { url } = await store.presignPut('tests/http/big.png', {
      contentTypes: ['image/png'],
      maxBytes: 1_024,
      expiresInSeconds: 60,
    });
    const announced = new Uint8Array(256 * 1024);
    const streamed = () => new Blob([new Uint8Array(256 * 1024)]).stream();
    for (const body of [announced, streamed()]) {
      const response = await fetch(`${origin}${url}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 413 });
    }
  });

  // Runs after the refusals above, on the connection they leave behind.
  it('take the next upload after a refusal and serve it back byte for byte', async () => {
    const bytes = new Uint8Array(512).map((_, index) => index % 251);
    const { url } = await store.presignPut('tests/http/ok.png', {
      contentTypes: ['image/png'],
      maxBytes: 1_024,
      expiresInSeconds: 60,
    });
    const put = await fetch(`${origin}${url}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: bytes,
    });
    expect(put.status).toBe(200);
    const { url: download } = await store.presignGet('tests/http/ok.png', 60);
    const served = new Uint8Array(await (await fetch(`${origin}${download}`)).arrayBuffer());
    expect(served).toEqual(bytes);
  });
});
