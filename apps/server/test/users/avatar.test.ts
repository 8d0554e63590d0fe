import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-avatar-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const MAX_BYTES = 2 * 1024 * 1024;
// Each image begins with its type's magic number, which changeAvatar checks; the rest of the bytes are kept as they are.
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('avatar pixels')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 webp pixels')]);

async function presign(token: string, fileName = 'me.PNG') {
  const url = `/api/file/getAvatarPreSignedUploadUrl?fileName=${encodeURIComponent(fileName)}`;
  const response = await t.request({ method: 'GET', url, token });
  expect(response.statusCode).toBe(200);
  return response.json().data as { url: string; key: string; method: 'PUT'; expiresAt: string; maxBytes: number };
}

const put = (url: string, payload: Buffer | Readable, contentType = 'image/png') =>
  t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload });

const changeAvatar = (token: string, key: string, locale?: 'en-US') =>
  t.request({ method: 'GET', url: `/api/system/user/changeAvatar?avatar=${encodeURIComponent(key)}`, token, locale });

const avatarOf = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/auth/user/getUserInfo', token })).json().data.avatarUrl as string | null;

describe('avatar upload', () => {
  it('hands out a ten-minute PUT link under the user own avatar folder', async () => {
    const { userId, token } = await createSignedInUser(t);
    const upload = await presign(token);
    expect(upload.key).toMatch(new RegExp(`^avatars/${userId}/[0-9a-f-]{36}\\.png$`));
    expect(upload).toMatchObject({ method: 'PUT', maxBytes: MAX_BYTES });
    expect(upload.url.startsWith(`/api/objects/${upload.key}?`)).toBe(true);
    const lifetime = new Date(upload.expiresAt).getTime() - t.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
  });

  it('stores the uploaded bytes, makes them the avatar and serves them back with their type', async () => {
    const { token } = await createSignedInUser(t);
    const upload = await presign(token);
    const stored = await put(upload.url, PNG);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ code: 200, data: { key: upload.key, size: PNG.length } });

    const changed = await changeAvatar(token, upload.key);
    expect(changed.statusCode).toBe(200);
    const { avatarUrl } = changed.json().data;
    expect(avatarUrl).toMatch(/^\/api\/objects\/avatars\/.+\?expires=\d+&signature=[0-9a-f]{64}$/);

    const served = await t.app.inject({ method: 'GET', url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const shown = await avatarOf(token);
    expect(shown).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: shown! })).rawPayload.equals(PNG)).toBe(true);
  });

  it('signs the avatar link for a day', async () => {
    const { token } = await createSignedInUser(t);
    const upload = await presign(token);
    await put(upload.url, PNG);
    const { avatarUrl } = (await changeAvatar(token, upload.key)).json().data;
    (t.clock as AdjustableClock).advance(23 * 60);
    expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(200);
    (t.clock as AdjustableClock).advance(2 * 60);
    expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(403);
  });

  it('removes the replaced image when a new avatar is chosen', async () => {
    const { token } = await createSignedInUser(t);
    const first = await presign(token);
    await put(first.url, PNG);
    const { avatarUrl: firstUrl } = (await changeAvatar(token, first.key)).json().data;
    const second = await presign(token, 'me.webp');
    await put(second.url, WEBP, 'image/webp');
    await changeAvatar(token, second.key);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    const served = await t.app.inject({ method: 'GET', url: (await avatarOf(token))! });
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses a link whose signature was tampered with', async () => {
    const { token } = await createSignedInUser(t);
    const { url } = await presign(token);
    const tampered = url.replace(
      /signature=([0-9a-f])/,
      (_, first: string) => `signature=${first === 'a' ? 'b' : 'a'}`,
    );
    const response = await put(tampered, PNG);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403, msg: '链接无效或已过期，请重新获取' });
  });

  it('refuses a link whose size limit was raised', async () => {
    const { token } = await createSignedInUser(t);
    const { url } = await presign(token);
    const response = await put(url.replace(`maxBytes=${MAX_BYTES}`, `maxBytes=${MAX_BYTES * 10}`), PNG);
    expect(response.statusCode).toBe(403);
  });

  it('refuses an upload after the link expired', async () => {
    const { token } = await createSignedInUser(t);
    const upload = await presign(token);
    (t.clock as AdjustableClock).advance(11);
    const response = await put(upload.url, PNG);
    expect(response.statusCode).toBe(403);
    expect((await changeAvatar(token, upload.key)).statusCode).toBe(404);
  });

  it('refuses a type other than PNG, JPEG, WebP or GIF with 415', async () => {
    const { token } = await createSignedInUser(t);
    const { url } = await presign(token);
    for (const contentType of ['image/svg+xml', 'text/html', 'application/octet-stream']) {
      const response = await t.app.inject({
        method: 'PUT',
        url,
        headers: { 'content-type': contentType, 'accept-language': 'en-US' },
        payload: PNG,
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json().msg).toBe(
        'This file type is not accepted; only image/png, image/jpeg, image/webp, image/gif',
      );
    }
    expect((await put(url, PNG, 'image/jpeg; charset=binary')).statusCode).toBe(200);
  });

  it('refuses a body over 2 MB with 413, whether or not it announces its length, and keeps nothing', async () => {
    const { token } = await createSignedInUser(t);
    const announced = await presign(token);
    const tooLarge = Buffer.alloc(MAX_BYTES + 1, 1);
    const response = await put(announced.url, tooLarge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, msg: '文件过大，最大 2 MB' });

    const streamed = await presign(token);
    const chunks = Readable.from([Buffer.alloc(MAX_BYTES, 1), Buffer.alloc(10, 1)]);
    expect((await put(streamed.url, chunks)).statusCode).toBe(413);
    expect((await changeAvatar(token, streamed.key)).statusCode).toBe(404);

    const exact = await presign(token);
    expect((await put(exact.url, Buffer.alloc(MAX_BYTES, 1))).statusCode).toBe(200);
  });

  it('refuses, with 422, bytes that are not the image type they were uploaded as, and keeps the avatar', async () => {
    const { token } = await createSignedInUser(t);
    const first = await presign(token);
    await put(first.url, PNG);
    await changeAvatar(token, first.key);
    const before = await avatarOf(token);

    for (const [fileName, type, bytes] of [
      ['note.png', 'image/png', Buffer.from('this is not a picture at all\n')],
      ['photo.jpg', 'image/jpeg', PNG],
      ['fake.webp', 'image/webp', Buffer.from('RIFF\u0010\u0000\u0000\u0000WAVEfmt ')],
      ['short.gif', 'image/gif', Buffer.from('GIF')],
    ] as const) {
      const upload = await presign(token, fileName);
      expect((await put(upload.url, bytes, type)).statusCode).toBe(200);
      const refused = await changeAvatar(token, upload.key, 'en-US');
      expect(refused.statusCode, fileName).toBe(422);
      expect(refused.json()).toMatchObject({ code: 422, data: { field: 'avatar' } });
      expect(refused.json().msg).toContain('not the image type it claims to be');
      // The refused object is gone: naming it again finds nothing.
      expect((await changeAvatar(token, upload.key)).statusCode).toBe(404);
    }
    expect(await avatarOf(token)).not.toBeNull();
    expect(new URL((await avatarOf(token))!, 'http://x').pathname).toBe(new URL(before!, 'http://x').pathname);
  });

  it('accepts each image type whose bytes begin with its magic number', async () => {
    const { token } = await createSignedInUser(t);
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from('JFIF jpeg pixels')]);
    for (const [fileName, type, bytes] of [
      ['a.jpg', 'image/jpeg', jpeg],
      ['a.gif', 'image/gif', Buffer.from('GIF89a gif pixels')],
      ['a.webp', 'image/webp', WEBP],
    ] as const) {
      const upload = await presign(token, fileName);
      await put(upload.url, bytes, type);
      expect((await changeAvatar(token, upload.key)).statusCode, fileName).toBe(200);
    }
  });

  it("refuses another user's uploaded image as an avatar", async () => {
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const upload = await presign(owner.token);
    await put(upload.url, PNG);
    const response = await changeAvatar(other.token, upload.key, 'en-US');
    expect(response.statusCode).toBe(404);
    expect(response.json().msg).toBe('The uploaded avatar was not found; please upload it again');
    const sneaky = `avatars/${other.userId}/../${owner.userId}/${upload.key.split('/').pop()}`;
    expect((await changeAvatar(other.token, sneaky)).statusCode).toBe(404);
    expect(await avatarOf(other.token)).toBeNull();
  });

  it('refuses an avatar key that was handed out but never uploaded', async () => {
    const { token } = await createSignedInUser(t);
    const upload = await presign(token);
    expect((await changeAvatar(token, upload.key)).statusCode).toBe(404);
  });

  it('refuses a file name that is not an image', async () => {
    const { token } = await createSignedInUser(t);
    const url = '/api/file/getAvatarPreSignedUploadUrl?fileName=evil.svg';
    const response = await t.request({ method: 'GET', url, token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ data: { field: 'fileName' } });
  });
});
