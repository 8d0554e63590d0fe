import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { balanceOf } from '../helpers/wallets.js';
import {
  act,
  createApplication,
  createRenter,
  imageIdOf,
  listApplications,
  startComputeApp,
  statusOf,
} from './application-helpers.js';

// The whole lifecycle through the real local driver: each application's workspace is a real process.
let t: TestApp;
let pytorch: string;
beforeAll(async () => ({ t, image: pytorch } = await startComputeApp()));
afterAll(() => t.close());

const perMinute = (imageId: string) => ({ imageId, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' });

async function freeCount(model: string) {
  const response = await t.request({
    method: 'GET',
    url: `/api/equipment/deviceServer/availableGpuConfig?imageId=${pytorch}`,
  });
  return (response.json().data as { gpuModel: string; freeCount: number }[]).find((row) => row.gpuModel === model)!
    .freeCount;
}

describe('an application', () => {
  it('is created, runs, stops, restarts and is destroyed, holding its GPU only while it runs', async () => {
    const renter = await createRenter(t);
    const before = await freeCount('RTX 4090');

    const created = await createApplication(t, renter.token, { ...perMinute(pytorch), gpuCount: 2 });
    expect(created.statusCode).toBe(200);
    const { id, status } = created.json().data;
    expect(status).toBe('creating');
    expect(await freeCount('RTX 4090')).toBe(before - 2);

    await t.services.applications.settled();
    expect(await statusOf(t, renter.token, id)).toBe('running');

    expect((await act(t, renter.token, 'stop', id)).json().data.status).toBe('stopping');
    await t.services.applications.settled();
    expect(await statusOf(t, renter.token, id)).toBe('stopped');
    expect(await freeCount('RTX 4090')).toBe(before);

    expect((await act(t, renter.token, 'restart', id)).json().data.status).toBe('restarting');
    await t.services.applications.settled();
    expect(await statusOf(t, renter.token, id)).toBe('running');
    expect(await freeCount('RTX 4090')).toBe(before - 2);

    await act(t, renter.token, 'destruction', id);
    await t.services.applications.settled();
    expect(await statusOf(t, renter.token, id)).toBeUndefined();
    expect(await freeCount('RTX 4090')).toBe(before);
  });

  it('lists the caller’s own, pinned first, with the image and GPU it was rented with', async () => {
    const renter = await createRenter(t);
    const first = (await createApplication(t, renter.token, { ...perMinute(pytorch), appName: 'first' })).json().data;
    const second = (await createApplication(t, renter.token, { ...perMinute(pytorch), appName: 'second' })).json().data;
    await t.request({
      method: 'GET',
      url: `/api/equipment/deviceServer/topApplication/${first.id}`,
      token: renter.token,
    });

    const { rows, total } = await listApplications(t, renter.token);
    expect(total).toBe(2);
    expect(rows.map((row) => [row.appName, row.pinned])).toEqual([
      ['first', true],
      ['second', false],
    ]);
    expect(rows[0]).toMatchObject({
      imageName: 'PyTorch 2.3 + JupyterLab',
      gpuModel: 'RTX 4090',
      billingMode: 'minute',
    });

    const renamed = await t.request({
      method: 'POST',
      url: '/api/equipment/deviceServer/updateApplicationName',
      token: renter.token,
      payload: { id: second.id, appName: '  训练机  ' },
    });
    expect(renamed.json().data).toEqual({ id: second.id, appName: '训练机' });
    await t.services.applications.settled();
  });

  it('prepaid by the day charges its price up front, and without the balance for it nothing is rented', async () => {
    const renter = await createRenter(t, '100');
    const daily = { imageId: pytorch, gpuModel: 'RTX 3060', gpuCount: 1, billingMode: 'day', duration: 2 };
    // 0.78 a GPU-hour × 48 hours × 95 % for a day's rate.
    expect((await createApplication(t, renter.token, daily)).statusCode).toBe(200);
    expect(await balanceOf(t, renter.token)).toBe('64.43');
    const free = await freeCount('RTX 3060');

    const tooDear = await createApplication(t, renter.token, { ...daily, duration: 4 });
    expect(tooDear.statusCode).toBe(422);
    expect(await freeCount('RTX 3060')).toBe(free);
    expect(await balanceOf(t, renter.token)).toBe('64.43');
    await t.services.applications.settled();
  });

  it('needs real-name verification, an application and a GPU, in the caller’s language', async () => {
    const unverified = await createSignedInUser(t);
    const refused = await createApplication(t, unverified.token, perMinute(pytorch));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toBe('Please complete real-name verification before creating an application');

    const renter = await createRenter(t);
    const noImage = await t.request({
      method: 'POST',
      url: '/api/equipment/deviceServer/createApplication',
      token: renter.token,
      locale: 'zh-CN',
      payload: { gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' },
    });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().msg).toContain('请选择应用');
    expect(noImage.json().data.field).toBe('imageId');

    const noGpu = await createApplication(t, renter.token, { ...perMinute(pytorch), gpuModel: '' });
    expect(noGpu.json().msg).toContain('Please select GPU');
    expect(noGpu.json().data.field).toBe('gpuModel');

    const oddDisk = await createApplication(t, renter.token, { ...perMinute(pytorch), dataDiskGb: 15 });
    expect(oddDisk.statusCode).toBe(400);
    expect(oddDisk.json().data.field).toBe('dataDiskGb');

    const vllm = await imageIdOf(t, 'vLLM (OpenAI-compatible API)');
    const small = await createApplication(t, renter.token, { ...perMinute(vllm), gpuModel: 'RTX 3060' });
    expect(small.statusCode).toBe(422);
    expect(small.json().data.field).toBe('gpuModel');
  });

  it('of another user answers 404 on every call by id', async () => {
    const owner = await createRenter(t);
    const { id } = (await createApplication(t, owner.token, perMinute(pytorch))).json().data;
    const stranger = await createRenter(t);
    const calls = [
      act(t, stranger.token, 'stop', id),
      act(t, stranger.token, 'restart', id),
      act(t, stranger.token, 'destruction', id),
      t.request({ method: 'GET', url: `/api/equipment/deviceServer/application/${id}`, token: stranger.token }),
      t.request({ method: 'GET', url: `/api/equipment/deviceServer/topApplication/${id}`, token: stranger.token }),
      t.request({ method: 'GET', url: `/api/equipment/deviceServer/unTopApplication/${id}`, token: stranger.token }),
      t.request({
        method: 'POST',
        url: '/api/equipment/deviceServer/updateApplicationName',
        token: stranger.token,
        payload: { id, appName: 'mine now' },
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
    }
    await t.services.applications.settled();
    expect(await statusOf(t, owner.token, id)).toBe('running');
  });

  it('answers one application to its owner as the list shows it', async () => {
    const renter = await createRenter(t);
    const { id } = (await createApplication(t, renter.token, perMinute(pytorch))).json().data;
    await t.services.applications.settled();
    const one = await t.request({
      method: 'GET',
      url: `/api/equipment/deviceServer/application/${id}`,
      token: renter.token,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual((await listApplications(t, renter.token)).rows[0]);
  });

  it('counts its owner’s applications by status', async () => {
    const renter = await createRenter(t);
    const { id } = (await createApplication(t, renter.token, perMinute(pytorch))).json().data;
    await createApplication(t, renter.token, perMinute(pytorch));
    await t.services.applications.settled();
    await act(t, renter.token, 'stop', id);
    await t.services.applications.settled();
    const summary = await t.request({
      method: 'GET',
      url: '/api/equipment/deviceServer/applicationStatus',
      token: renter.token,
    });
    expect(summary.json().data).toEqual({ total: 2, running: 1, uninstallingSoon: 0, expiringSoon: 0 });
  });
});
