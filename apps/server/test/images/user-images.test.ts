import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@suanli/contract';
import { queryRows } from '../../src/db/sql.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import {
  act,
  advance,
  computeEnv,
  createApplication,
  createRenter,
  imageIdOf,
  startComputeApp,
  statusOf,
} from '../applications/application-helpers.js';

// Saved images through the real app: workspaces are real processes of the local driver, archives go to the embedded
// object store, and the snapshot job runs from the scheduler as the test clock moves.
let t: TestApp;
let image: string;
let dataDir: string;
beforeAll(async () => {
  const env = computeEnv();
  dataDir = env.DATA_DIR;
  ({ t, image } = await startComputeApp(env));
});
afterAll(() => t.close());

// The simulated fleet is small: each test gives back the GPUs of the applications it rented.
const rented: { token: string; id: string }[] = [];
afterEach(async () => {
  for (const { token, id } of rented.splice(0)) {
    await act(t, token, 'destruction', id);
  }
  await t.services.applications.settled();
});

type Renter = Awaited<ReturnType<typeof createRenter>>;

const disk = (applicationId: string) => path.join(dataDir, 'apps', applicationId, 'data');

async function phoneOf(user: Renter) {
  const [row] = await queryRows<{ phone: string }>(t.db, sql`SELECT phone FROM users WHERE id = ${user.userId}`);
  return row!.phone;
}

async function runningApplication(renter: Renter, extra: object = {}) {
  const rent = { imageId: image, gpuModel: 'RTX 3060', gpuCount: 1, billingMode: 'minute', ...extra };
  const response = await createApplication(t, renter.token, rent);
  expect(response.statusCode, response.body).toBe(200);
  const { id } = response.json().data as { id: string };
  rented.push({ token: renter.token, id });
  await t.services.applications.settled();
  expect(await statusOf(t, renter.token, id)).toBe('running');
  return id;
}

const save = (user: Renter, payload: object, locale: Locale = 'en-US') =>
  t.request({ method: 'POST', url: '/api/system/applicationUserImage', token: user.token, payload, locale });

async function myImages(user: Renter, scope = '') {
  const response = await t.request({
    method: 'GET',
    url: `/api/system/applicationUserImage/listByUSer${scope}`,
    token: user.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, unknown>[];
}

const share = (user: Renter, payload: object, locale: Locale = 'en-US') =>
  t.request({ method: 'POST', url: '/api/system/imageUser/shareImage', token: user.token, payload, locale });

/** An application with a file on its data disk, saved as an image that the snapshot job completes. */
async function savedImage(owner: Renter, file = { name: 'notes/hello.txt', text: 'saved on the disk' }) {
  const applicationId = await runningApplication(owner);
  await mkdir(path.dirname(path.join(disk(applicationId), file.name)), { recursive: true });
  await writeFile(path.join(disk(applicationId), file.name), file.text);
  const saved = await save(owner, { applicationId, name: 'my-env', remark: 'with my notes' });
  expect(saved.statusCode, saved.body).toBe(200);
  const { id } = saved.json().data as { id: string };
  await advance(t, 1);
  return { applicationId, imageId: id };
}

describe('saving an application as an image', () => {
  it('is uploading at once, then complete with its size, original image and remark', async () => {
    const owner = await createRenter(t);
    const applicationId = await runningApplication(owner);
    await writeFile(path.join(disk(applicationId), 'model.bin'), Buffer.alloc(64 * 1024, 7));
    const saved = await save(owner, { applicationId, name: 'trained', remark: 'epoch 3' });
    expect(saved.json().data).toMatchObject({ state: 'uploading' });
    expect(await myImages(owner)).toMatchObject([{ name: 'trained', remark: 'epoch 3', state: 'uploading' }]);

    await advance(t, 1);
    const [row] = await myImages(owner);
    expect(row).toMatchObject({
      state: 'complete',
      progress: 100,
      baseImageId: image,
      baseImageName: 'PyTorch 2.3 + JupyterLab',
      owned: true,
      shareStatus: null,
    });
    expect(row!.sizeBytes).toBeGreaterThan(0);
    expect(row!.completeTime).not.toBeNull();
    const storage = await t.request({
      method: 'GET',
      url: '/api/system/applicationUserImage/getApplicationImageSizeByUser',
      token: owner.token,
    });
    expect(storage.json().data).toEqual({
      totalBytes: row!.sizeBytes,
      freeBytes: 20 * 1024 ** 3,
      billedGb: 0,
      pricePerGbDay: '0.0100',
      dailyCost: '0.00',
    });
  });

  it('is refused for a destroyed application', async () => {
    const owner = await createRenter(t);
    const applicationId = await runningApplication(owner);
    await t.request({
      method: 'POST',
      url: `/api/equipment/deviceServer/destructionApplication/${applicationId}`,
      token: owner.token,
    });
    await t.services.applications.settled();
    expect(existsSync(disk(applicationId))).toBe(false);
    const saved = await save(owner, { applicationId, name: 'late', remark: '' });
    expect(saved.statusCode).toBe(409);
    expect(saved.json().msg).toBe('The application is destroyed and cannot be saved as an image');
  });

  it('ends failed, with the driver’s reason, when the data disk is gone before it is archived', async () => {
    const owner = await createRenter(t);
    const applicationId = await runningApplication(owner);
    const saved = await save(owner, { applicationId, name: 'lost', remark: '' });
    await rm(disk(applicationId), { recursive: true, force: true });
    await advance(t, 1);
    const [row] = await myImages(owner);
    expect(row).toMatchObject({ id: saved.json().data.id, state: 'failed' });
    expect(row!.failureReason).toContain('no data disk');
  });

  it('names the field at fault in the caller’s language', async () => {
    const owner = await createRenter(t);
    const applicationId = await runningApplication(owner);
    const english = await save(owner, { applicationId, name: '', remark: '' });
    expect(english.statusCode).toBe(400);
    expect(english.json().msg).toContain('Image name must be 1 to 32 characters');
    const chinese = await save(owner, { applicationId, name: 'x'.repeat(40) }, 'zh-CN');
    expect(chinese.json().msg).toContain('镜像名称为 1 到 32 个字符');
    const other = await createRenter(t);
    expect((await save(other, { applicationId, name: 'mine', remark: '' })).statusCode).toBe(404);
  });
});

describe('sharing an image', () => {
  it('is refused for a phone no user has and for oneself, in both languages', async () => {
    const owner = await createRenter(t);
    const { imageId } = await savedImage(owner);
    const unknown = await share(owner, { imageId, phone: '19900000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('No user is registered with phone 19900000000; the image cannot be shared');
    const unknownZh = await share(owner, { imageId, phone: '19900000000' }, 'zh-CN');
    expect(unknownZh.json().msg).toBe('手机号 19900000000 尚未注册，无法分享');
    const self = await share(owner, { imageId, phone: await phoneOf(owner) });
    expect(self.statusCode).toBe(422);
    expect(self.json().msg).toBe('You cannot share an image with yourself');
    expect((await share(owner, { imageId, phone: await phoneOf(owner) }, 'zh-CN')).json().msg).toBe(
      '不能把镜像分享给自己',
    );
  });

  it('lets the receiver create an application whose data disk holds the saved files; a cancel stops new creates only', async () => {
    const owner = await createRenter(t);
    const receiver = await createRenter(t);
    const { imageId } = await savedImage(owner, { name: 'work/train.py', text: 'print("saved")' });
    const phone = await phoneOf(receiver);

    const shared = await share(owner, { imageId, phone });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().data).toMatchObject({
      status: 'sharing',
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    });
    // Sharing again answers the same active share.
    expect((await share(owner, { imageId, phone })).json().data.id).toBe(shared.json().data.id);
    expect(await myImages(owner)).toMatchObject([{ id: imageId, shareStatus: 'sharing' }]);
    expect(await myImages(receiver, '?scope=shared')).toMatchObject([{ id: imageId, owned: false, state: 'complete' }]);

    const created = await runningApplication(receiver, { userImageId: imageId });
    expect(await readFile(path.join(disk(created), 'work/train.py'), 'utf8')).toBe('print("saved")');

    const record = await t.request({
      method: 'GET',
      url: `/api/system/imageUser/selectShareImageByApplicationId/${imageId}`,
      token: owner.token,
    });
    expect(record.json().data).toMatchObject([{ id: shared.json().data.id, status: 'sharing' }]);
    const canceled = await t.request({
      method: 'POST',
      url: '/api/system/imageUser/cancelShareImage',
      token: owner.token,
      payload: { id: shared.json().data.id },
    });
    expect(canceled.json().data).toMatchObject({ status: 'canceled' });
    expect(await myImages(owner)).toMatchObject([{ id: imageId, shareStatus: 'canceled' }]);
    expect(await myImages(receiver, '?scope=shared')).toEqual([]);

    const refused = await createApplication(t, receiver.token, {
      imageId: image,
      gpuModel: 'RTX 3060',
      gpuCount: 1,
      billingMode: 'minute',
      userImageId: imageId,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(
      'The share of this image was canceled; it can no longer be used to create applications',
    );
    // What the receiver created before keeps running, with its files.
    await advance(t, 1);
    expect(await statusOf(t, receiver.token, created)).toBe('running');
    expect(existsSync(path.join(disk(created), 'work/train.py'))).toBe(true);
  });

  it('is not usable by a user it was never shared with', async () => {
    const owner = await createRenter(t);
    const stranger = await createRenter(t);
    const { imageId } = await savedImage(owner);
    const response = await createApplication(t, stranger.token, {
      imageId: image,
      gpuModel: 'RTX 3060',
      gpuCount: 1,
      billingMode: 'minute',
      userImageId: imageId,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('submitting an image to the community', () => {
  it('waits for an operator, who publishes it with an audit row; renting it restores the disk', async () => {
    const owner = await createRenter(t);
    const { imageId } = await savedImage(owner, { name: 'readme.md', text: 'community' });
    const submitted = await t.request({
      method: 'POST',
      url: `/api/equipment/applications/kolUpdateImage?imageId=${imageId}`,
      token: owner.token,
    });
    expect(submitted.json().data).toMatchObject({ reviewState: 'pending' });
    const again = await t.request({
      method: 'POST',
      url: `/api/equipment/applications/kolUpdateImage?imageId=${imageId}`,
      token: owner.token,
    });
    expect(again.statusCode).toBe(409);

    const reviewer = await createOperator(t, ['review']);
    const pending = await t.request({
      method: 'GET',
      url: '/api/admin/review/imageSubmissions',
      token: reviewer.token,
    });
    expect(pending.json().data.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: submitted.json().data.id, imageId, reviewState: 'pending', name: 'my-env' }),
      ]),
    );
    const published = await t.request({
      method: 'POST',
      url: `/api/admin/review/imageSubmissions/${submitted.json().data.id}`,
      token: reviewer.token,
      payload: { decision: 'publish', reason: 'useful environment' },
    });
    expect(published.statusCode, published.body).toBe(200);
    const { publishedImageId } = published.json().data as { publishedImageId: string };
    expect(await myImages(owner)).toMatchObject([{ id: imageId, reviewState: 'published' }]);
    expect(await auditRowsOf(t, reviewer.userId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'images.publishSubmission',
          target: `imageSubmission:${submitted.json().data.id}`,
          reason: 'useful environment',
        }),
      ]),
    );
    expect(await imageIdOf(t, 'PyTorch 2.3 + JupyterLab')).toBe(image);
    const renter = await createRenter(t);
    const created = await runningApplication(renter, { imageId: publishedImageId });
    expect(await readFile(path.join(disk(created), 'readme.md'), 'utf8')).toBe('community');
  });

  it('is rejected by an operator with the note its creator reads, audited, and may then be submitted again', async () => {
    const owner = await createRenter(t);
    const { imageId } = await savedImage(owner);
    const submit = () =>
      t.request({
        method: 'POST',
        url: `/api/equipment/applications/kolUpdateImage?imageId=${imageId}`,
        token: owner.token,
      });
    const submitted = await submit();
    const reviewer = await createOperator(t, ['review']);
    const rejected = await t.request({
      method: 'POST',
      url: `/api/admin/review/imageSubmissions/${submitted.json().data.id}`,
      token: reviewer.token,
      payload: { decision: 'reject', reason: 'no description of the weights' },
    });
    expect(rejected.json().data).toEqual({
      id: submitted.json().data.id,
      reviewState: 'rejected',
      publishedImageId: null,
    });
    expect(await myImages(owner)).toMatchObject([
      { id: imageId, reviewState: 'rejected', reviewNote: 'no description of the weights' },
    ]);
    expect(await auditRowsOf(t, reviewer.userId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'images.rejectSubmission', reason: 'no description of the weights' }),
      ]),
    );
    const twice = await t.request({
      method: 'POST',
      url: `/api/admin/review/imageSubmissions/${submitted.json().data.id}`,
      token: reviewer.token,
      payload: { decision: 'publish', reason: 'changed my mind' },
    });
    expect(twice.statusCode).toBe(409);
    expect((await submit()).json().data).toMatchObject({ reviewState: 'pending' });
    // Submitted again, the old note no longer stands beside the image.
    expect(await myImages(owner)).toMatchObject([{ id: imageId, reviewState: 'pending', reviewNote: null }]);
  });

  it('is listed to reviewers a page at a time, oldest first, with the total waiting', async () => {
    const owner = await createRenter(t);
    const submittedIds: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const { imageId } = await savedImage(owner);
      const submitted = await t.request({
        method: 'POST',
        url: `/api/equipment/applications/kolUpdateImage?imageId=${imageId}`,
        token: owner.token,
      });
      submittedIds.push(submitted.json().data.id);
    }
    const reviewer = await createOperator(t, ['review']);
    const pageOf = async (pageNum: number) =>
      (
        await t.request({
          method: 'GET',
          url: `/api/admin/review/imageSubmissions?state=pending&pageSize=1&pageNum=${pageNum}`,
          token: reviewer.token,
        })
      ).json().data as { rows: { id: string }[]; total: number };
    const first = await pageOf(1);
    expect(first.rows).toHaveLength(1);
    expect(first.total).toBeGreaterThanOrEqual(2);
    const listed = [];
    for (let pageNum = 1; pageNum <= first.total; pageNum += 1) {
      listed.push(...(await pageOf(pageNum)).rows.map((row) => row.id));
    }
    expect(listed.slice(-2)).toEqual(submittedIds);
  });

  it('is refused to anyone without the review area', async () => {
    const owner = await createRenter(t);
    const list = await t.request({ method: 'GET', url: '/api/admin/review/imageSubmissions', token: owner.token });
    expect(list.statusCode).toBe(403);
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/review/imageSubmissions/1',
      token: owner.token,
      payload: { decision: 'reject', reason: 'no' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('deleting an image', () => {
  it('is refused while uploading, then removes the image and its archive', async () => {
    const owner = await createRenter(t);
    const applicationId = await runningApplication(owner);
    const { id } = (await save(owner, { applicationId, name: 'temp', remark: '' })).json().data as { id: string };
    const remove = () =>
      t.request({
        method: 'GET',
        url: `/api/system/applicationUserImage/deleteByUser?id=${id}`,
        token: owner.token,
        locale: 'en-US',
      });
    const early = await remove();
    expect(early.statusCode).toBe(422);
    expect(early.json().msg).toBe('The image is still uploading; it can be deleted once the upload ends');
    await advance(t, 1);
    const archives = path.join(dataDir, 'objects', 'user-images', String(owner.userId));
    expect(await readdir(archives)).toHaveLength(1);
    expect((await remove()).statusCode).toBe(200);
    expect(await myImages(owner)).toEqual([]);
    expect(await readdir(archives)).toEqual([]);
  });
});
