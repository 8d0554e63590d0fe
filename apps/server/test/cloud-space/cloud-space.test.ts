import { randomBytes } from 'node:crypto';
import type { files } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../helpers/factories.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { call, putTo, q, startCloudApp, uploadFile } from './cloud-helpers.js';

// The cloud space through the real app and the embedded object store: links, uploads in one piece and in parts,
// the listing, downloads, renames, deletes, and one user's links never reaching another's files.
let t: TestApp;
let cleanUp: () => Promise<void>;
beforeAll(async () => ({ t, cleanUp } = await startCloudApp()));
afterAll(() => cleanUp());

const list = async (token: string, path = '/') =>
  ((await call(t, token, `/file/getUserDataList?${q({ path })}`)).json().data.rows as files.CloudEntry[]).map(
    (row) => `${row.kind}:${row.path}:${row.size}`,
  );
const used = async (token: string) => (await call(t, token, '/file/getUserDataStorageUsed')).json().data;
const download = async (token: string, path: string, fileName: string) => {
  const link = await call(t, token, `/file/getUserDataPreSignedDownloadUrl?${q({ path, fileName })}`);
  const response = await t.app.inject({ method: 'GET', url: link.json().data.url });
  return {
    status: response.statusCode,
    bytes: response.rawPayload,
    disposition: response.headers['content-disposition'],
  };
};

describe('the cloud space', () => {
  it('uploads a small file in one PUT, lists it with its size, counts it as used and downloads the same bytes', async () => {
    const { token } = await createSignedInUser(t);
    const bytes = randomBytes(3000);
    const finished = await uploadFile(t, token, '/reports/2026', '季度 report.pdf', bytes);
    expect(finished.json()).toMatchObject({ code: 200, data: { path: '/reports/2026/季度 report.pdf', size: 3000 } });
    expect(await list(token)).toEqual(['folder:/reports/:0']);
    expect(await list(token, '/reports/2026')).toEqual(['file:/reports/2026/季度 report.pdf:3000']);
    expect(await used(token)).toMatchObject({ usedBytes: 3000, freeBytes: 120 * 1024 ** 3, arrears: '0.00' });
    const got = await download(token, '/reports/2026/', '季度 report.pdf');
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.bytes, bytes)).toBe(0);
    expect(got.disposition).toContain(encodeURIComponent('季度 report.pdf'));
  });

  it('uploads a large file in parts, resumes after a lost part from the parts the store lists, and finishes it', async () => {
    const { token } = await createSignedInUser(t);
    const bytes = randomBytes(17 * 1024 ** 2 + 5);
    const ask = `/file/getUserDataPreSignedUploadUrl?${q({ fileName: 'model.bin', path: '/', size: bytes.length })}`;
    const first = (await call(t, token, ask)).json().data as files.CloudUpload;
    expect(first).toMatchObject({ mode: 'multipart', partSize: 8 * 1024 ** 2, partCount: 3, uploadedParts: [] });
    if (first.mode !== 'multipart') {
      throw new Error('multipart expected');
    }
    // Part 1 arrives, then the connection drops.
    await putTo(t, first.parts[0]!.url, bytes.subarray(0, first.partSize));
    const early = await call(t, token, `/file/finishUploadBigUserData?${q({ uploadKey: first.uploadKey })}`);
    expect(early.statusCode).toBe(422);
    expect(early.json().msg).toContain('2, 3');

    // Choosing the same file again resumes the same upload with only the missing parts to send.
    const resumed = (await call(t, token, ask)).json().data as files.CloudUpload;
    expect(resumed).toMatchObject({ uploadKey: first.uploadKey, uploadedParts: [1] });
    const listed = (await call(t, token, `/file/listUserDataUploadParts?${q({ uploadKey: first.uploadKey })}`)).json()
      .data as files.CloudUpload;
    expect(listed.mode === 'multipart' && listed.parts.map((part) => part.partNumber)).toEqual([2, 3]);
    if (resumed.mode !== 'multipart') {
      throw new Error('multipart expected');
    }
    for (const part of resumed.parts) {
      const start = (part.partNumber - 1) * resumed.partSize;
      expect((await putTo(t, part.url, bytes.subarray(start, start + resumed.partSize))).statusCode).toBe(200);
    }
    const done = await call(t, token, `/file/finishUploadBigUserData?${q({ uploadKey: first.uploadKey })}`);
    expect(done.json().data).toMatchObject({ path: '/model.bin', size: bytes.length });
    expect(Buffer.compare((await download(token, '/', 'model.bin')).bytes, bytes)).toBe(0);
    expect((await used(token)).usedBytes).toBe(bytes.length);
  });

  it('renames and moves files and folders, creates folders, and refuses a name already taken with 409', async () => {
    const { token } = await createSignedInUser(t);
    await uploadFile(t, token, '/a', 'x.txt', Buffer.from('x'));
    await uploadFile(t, token, '/', 'y.txt', Buffer.from('yy'));
    const folder = await call(t, token, `/file/createUserDataFolder?${q({ path: '/', fileName: 'b' })}`);
    expect(folder.json().data).toMatchObject({ kind: 'folder', path: '/b/' });
    const taken = await call(t, token, `/file/createUserDataFolder?${q({ path: '/', fileName: 'b' })}`, 'zh-CN');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('/ 中已有“b”');

    const clash = await call(t, token, `/file/moveUserData?${q({ path: '/', fileName: 'y.txt', newName: 'a' })}`);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toBe('"a" already exists in /');

    await call(t, token, `/file/moveUserData?${q({ path: '/', fileName: 'a', newName: 'c', newPath: '/b' })}`);
    await call(t, token, `/file/moveUserData?${q({ path: '/', fileName: 'y.txt', newName: 'z.txt' })}`);
    expect(await list(token)).toEqual(['folder:/b/:0', 'file:/z.txt:2']);
    expect(await list(token, '/b/c')).toEqual(['file:/b/c/x.txt:1']);
    expect((await download(token, '/b/c', 'x.txt')).bytes.toString()).toBe('x');
    const loop = await call(
      t,
      token,
      `/file/moveUserData?${q({ path: '/', fileName: 'b', newName: 'd', newPath: '/b/c' })}`,
    );
    expect(loop.statusCode).toBe(422);
  });

  it('deletes a folder with everything under it, frees its bytes and removes the objects', async () => {
    const { token } = await createSignedInUser(t);
    await uploadFile(t, token, '/keep', 'k.txt', Buffer.from('keep'));
    await uploadFile(t, token, '/gone/deep', 'g.txt', Buffer.from('gone!'));
    const link = (
      await call(t, token, `/file/getUserDataPreSignedDownloadUrl?${q({ path: '/gone/deep', fileName: 'g.txt' })}`)
    ).json().data.url;
    const deleted = await call(t, token, `/file/deleteUserDataFileByUser?${q({ path: '/', fileName: 'gone' })}`);
    expect(deleted.json().data).toEqual({ deletedFiles: 1, freedBytes: 5 });
    expect(await list(token)).toEqual(['folder:/keep/:0']);
    expect((await used(token)).usedBytes).toBe(4);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    const missing = await call(t, token, `/file/deleteUserDataFileByUser?${q({ path: '/', fileName: 'gone' })}`);
    expect(missing.statusCode).toBe(404);
  });

  it('never lets one user list, finish, download or delete another user’s files', async () => {
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const link = (
      await call(t, owner.token, `/file/getUserDataPreSignedUploadUrl?${q({ fileName: 's.txt', size: 6 })}`)
    ).json().data;
    await putTo(t, link.url, Buffer.from('secret'));
    expect(
      (await call(t, other.token, `/file/finishUploadBigUserData?${q({ uploadKey: link.uploadKey })}`)).statusCode,
    ).toBe(404);
    await call(t, owner.token, `/file/finishUploadBigUserData?${q({ uploadKey: link.uploadKey })}`);
    expect(await list(other.token)).toEqual([]);
    expect(
      (await call(t, other.token, `/file/getUserDataPreSignedDownloadUrl?${q({ fileName: 's.txt' })}`)).statusCode,
    ).toBe(404);
    expect((await call(t, other.token, `/file/deleteUserDataFileByUser?${q({ fileName: 's.txt' })}`)).statusCode).toBe(
      404,
    );
    // A link signed for the owner's key does not open another key, even the other user's own.
    const mine = (
      await call(t, other.token, `/file/getUserDataPreSignedUploadUrl?${q({ fileName: 'm.txt', size: 2 })}`)
    ).json().data;
    const forged = link.url.replace(link.uploadKey, mine.uploadKey);
    expect((await putTo(t, forged, Buffer.from('hi'))).statusCode).toBe(403);
    expect(await list(owner.token)).toEqual(['file:/s.txt:6']);
  });

  it('refuses bad paths and names with a message naming the field in the caller’s language', async () => {
    const { token } = await createSignedInUser(t);
    for (const path of ['/a/../b', '//x', 'no-slash', '/a//b']) {
      const response = await call(t, token, `/file/getUserDataList?${q({ path })}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().data.field).toBe('path');
    }
    const en = await call(t, token, `/file/createUserDataFolder?${q({ path: '/', fileName: '..' })}`);
    expect(en.json().msg).toContain('fileName');
    const zh = await call(t, token, `/file/getUserDataList?${q({ path: `/${'a'.repeat(1100)}` })}`, 'zh-CN');
    expect(zh.json().msg).toContain('路径最多 1024 个字符');
  });

  it('hands out picture upload links under the user’s images prefix with the URL it is read from', async () => {
    const { token, userId } = await createSignedInUser(t);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const link = (await call(t, token, `/file/getImgPresignedUploadUrl?${q({ fileName: 'shot.PNG' })}`)).json().data;
    expect(link.key).toMatch(new RegExp(`^images/${userId}/[0-9a-f-]{36}\\.png$`));
    expect((await putTo(t, link.url, png, 'image/png')).statusCode).toBe(200);
    expect(Buffer.compare((await t.app.inject({ method: 'GET', url: link.readUrl })).rawPayload, png)).toBe(0);
    const refused = await call(t, token, `/file/getImgPresignedUploadUrl?${q({ fileName: 'page.svg' })}`);
    expect(refused.statusCode).toBe(400);
  });
});
