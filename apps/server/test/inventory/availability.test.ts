import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { officialImageId } from '../catalogue/catalogue-helpers.js';
import { allocate } from './inventory-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type GpuConfig = { gpuModel: string; memoryGb: number; freeCount: number; pricePerHour: string; soldOut: boolean };

const gpuConfig = (query: string, options: { token?: string; locale?: 'zh-CN' | 'en-US' } = {}) =>
  t.request({ method: 'GET', url: `/api/equipment/deviceServer/availableGpuConfig?${query}`, ...options });

const configOf = async (query: string, token?: string): Promise<GpuConfig[]> =>
  (await gpuConfig(query, { token })).json().data;

const regions = async (locale?: 'zh-CN' | 'en-US') =>
  (await t.request({ method: 'GET', url: '/api/equipment/gpu/regions', locale })).json().data;

describe('the GPU models an image can run on', () => {
  it('show a guest every model with enough memory, its free GPUs and its list price per hour', async () => {
    const pytorch = await officialImageId(t, 'PyTorch 2.3 + JupyterLab');
    expect(await configOf(`imageId=${pytorch}`)).toEqual([
      { gpuModel: 'RTX 4090', memoryGb: 24, freeCount: 16, pricePerHour: '2.28', soldOut: false },
      { gpuModel: 'RTX 3090', memoryGb: 24, freeCount: 12, pricePerHour: '1.78', soldOut: false },
      { gpuModel: 'RTX 3060', memoryGb: 12, freeCount: 4, pricePerHour: '0.78', soldOut: false },
      { gpuModel: 'L20', memoryGb: 48, freeCount: 4, pricePerHour: '3.38', soldOut: false },
      { gpuModel: 'A800', memoryGb: 80, freeCount: 2, pricePerHour: '6.68', soldOut: false },
    ]);
  });

  it('leave out models with less memory than the image needs', async () => {
    const vllm = await officialImageId(t, 'vLLM (OpenAI-compatible API)');
    const models = (await configOf(`imageId=${vllm}`)).map((model) => model.gpuModel);
    expect(models).toEqual(['RTX 4090', 'RTX 3090', 'L20', 'A800']);
  });

  it('price an hour for a VIP and an education user as they would pay it', async () => {
    const pytorch = await officialImageId(t, 'PyTorch 2.3 + JupyterLab');
    const { userId, token } = await createSignedInUser(t);
    await t.db.execute(sql`UPDATE users SET vip_grade = 3 WHERE id = ${userId}`);
    const prices = async () =>
      Object.fromEntries((await configOf(`imageId=${pytorch}`, token)).map((m) => [m.gpuModel, m.pricePerHour]));
    // VIP 3 pays 90 %: 2.28 × 0.9 = 2.052.
    expect(await prices()).toMatchObject({ 'RTX 4090': '2.05', L20: '3.04' });
    await t.db.execute(sql`INSERT INTO user_roles (user_id, role_key) VALUES (${userId}, 'education')`);
    // The education rate where the model has one (1.95 × 0.9 = 1.755), the list price elsewhere.
    expect(await prices()).toMatchObject({ 'RTX 4090': '1.76', 'RTX 3060': '0.56', L20: '3.04' });
  });

  it('count one region when asked', async () => {
    const pytorch = await officialImageId(t, 'PyTorch 2.3 + JupyterLab');
    const north = await configOf(`imageId=${pytorch}&regionId=cn-north-1`);
    expect(north.map((model) => [model.gpuModel, model.freeCount, model.soldOut])).toEqual([
      ['RTX 4090', 0, true],
      ['RTX 3090', 8, false],
      ['RTX 3060', 4, false],
      ['L20', 4, false],
      ['A800', 0, true],
    ]);
  });

  it('answer 404 naming the image when it does not exist, and 400 naming the field at fault', async () => {
    const missing = await gpuConfig('imageId=987654321', { locale: 'en-US' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 404,
      msg: 'Image 987654321 does not exist',
      data: { field: 'imageId' },
    });
    for (const [query, field] of [
      ['imageId=abc', 'imageId'],
      ['', 'imageId'],
      ['imageId=1&regionId=East China', 'regionId'],
    ]) {
      const response = await gpuConfig(query!);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().data.field, query).toBe(field);
    }
    const pytorch = await officialImageId(t, 'PyTorch 2.3 + JupyterLab');
    const region = await gpuConfig(`imageId=${pytorch}&regionId=cn-west-9`, { locale: 'en-US' });
    expect(region.statusCode).toBe(404);
    expect(region.json()).toMatchObject({ msg: 'There is no region cn-west-9', data: { field: 'regionId' } });
  });
});

describe('GPUs by region', () => {
  it('name each region in the caller’s language with every model’s total and free GPUs', async () => {
    expect(await regions('en-US')).toEqual([
      {
        id: 'cn-east-1',
        name: 'East China 1',
        simulated: true,
        gpus: [
          { gpuModel: 'RTX 4090', total: 16, free: 16 },
          { gpuModel: 'RTX 3090', total: 4, free: 4 },
          { gpuModel: 'A800', total: 2, free: 2 },
        ],
      },
      {
        id: 'cn-north-1',
        name: 'North China 1',
        simulated: true,
        gpus: [
          { gpuModel: 'RTX 3090', total: 8, free: 8 },
          { gpuModel: 'RTX 3060', total: 4, free: 4 },
          { gpuModel: 'L20', total: 4, free: 4 },
        ],
      },
    ]);
    expect((await regions()).map((region: { name: string }) => region.name)).toEqual(['华东一区', '华北一区']);
  });
});

describe('a model whose every GPU is held', () => {
  it('is sold out for the image, and its region shows none free', async () => {
    expect(await allocate(t, { gpuModel: 'A800', gpuCount: 2 })).toMatchObject({ allocated: true });
    const pytorch = await officialImageId(t, 'PyTorch 2.3 + JupyterLab');
    const a800 = (await configOf(`imageId=${pytorch}`)).find((model) => model.gpuModel === 'A800');
    expect(a800).toEqual({ gpuModel: 'A800', memoryGb: 80, freeCount: 0, pricePerHour: '6.68', soldOut: true });
    const east = (await regions())[0];
    expect(east.gpus).toContainEqual({ gpuModel: 'A800', total: 2, free: 0 });
  });
});
