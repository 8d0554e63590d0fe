import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.js';

let s3: S3TestServer;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  const { endpoint, region, bucket, accessKeyId, secretAccessKey } = s3.settings;
  t = await buildTestApp({
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: region,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('avatar pixels')]);

async function presign(token: string) {
  const response = await t.request({
    method: 'GET',
    url: '/api/file/getAvatarPreSignedUploadUrl?fileName=me.png',
    token,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { url: string; key: string };
}

const put = (url: string, body: Buffer, contentType = 'image/png') =>
  fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body });

const changeAvatar = (token: string, key: string) =>
  t.request({ method: 'GET', url: `/api/system/user/changeAvatar?avatar=${encodeURIComponent(key)}`, token });

describe('avatars in an S3 bucket', () => {
  it('upload straight to the bucket, become the avatar and are served back from it', async () => {
    const { token } = await createSignedInUser(t);
    const upload = await presign(token);
    expect(upload.url.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/${upload.key}?`)).toBe(true);
    expect((await put(upload.url, PNG)).status).toBe(200);
    const changed = await changeAvatar(token, upload.key);
    expect(changed.statusCode).toBe(200);
    const served = await fetch(changed.json().data.avatarUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  // A presigned S3 PUT cannot carry a size limit: the bucket takes the bytes, and changeAvatar measures them.
  it('are refused with 413 and removed when larger than 2 MB', async () => {
    const { token } = await createSignedInUser(t);
    const upload = await presign(token);
    const large = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 1)]);
    expect((await put(upload.url, large)).status).toBe(200);
    const refused = await changeAvatar(token, upload.key);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 413, msg: '文件过大，最大 2 MB', data: { field: 'avatar' } });
    expect((await changeAvatar(token, upload.key)).statusCode).toBe(404);
  });

  it('are refused with 422 when stored under a type that is not an image', async () => {
    const { token } = await createSignedInUser(t);
    const upload = await presign(token);
    expect((await put(upload.url, PNG, 'text/html')).status).toBe(200);
    expect((await changeAvatar(token, upload.key)).statusCode).toBe(422);
  });

  it('leave the embedded store routes out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/objects/avatars/1/x.png?expires=1&signature=00' });
    expect(response.statusCode).toBe(404);
  });
});
