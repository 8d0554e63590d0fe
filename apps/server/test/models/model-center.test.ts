import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

// The model center (spec §2 /model, /modelDetial): the seeded models by type, search, likes and a model's detail.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Model {
  id: string;
  key: string;
  name: string;
  type: { id: string; code: string; name: string };
  licence: string;
  sizeBytes: number;
  likeCount: number;
  liked: boolean;
}

const get = (url: string, options: { token?: string; locale?: 'en-US' | 'zh-CN' } = {}) =>
  t.request({ method: 'GET', url: `/api/system/trainedModel/${url}`, ...options });

async function page(query: string, options: { token?: string; locale?: 'en-US' | 'zh-CN' } = {}) {
  const response = await get(`listByUser?${query}`, options);
  expect(response.statusCode).toBe(200);
  return response.json().data as { rows: Model[]; total: number };
}

describe('the model center', () => {
  it('files the seeded models under their types, in both languages, a page at a time', async () => {
    const types = (await get('typeList', { locale: 'en-US' })).json().data as {
      id: string;
      code: string;
      name: string;
    }[];
    expect(types.map((type) => type.name)).toEqual([
      'Base model',
      'Checkpoint',
      'LoRA',
      'VAE',
      'ControlNet',
      'Language model',
    ]);
    expect(((await get('typeList', { locale: 'zh-CN' })).json().data as { name: string }[])[0]!.name).toBe('基础模型');
    const all = await page('pageSize=100', { locale: 'en-US' });
    expect(all.total).toBe(13);
    expect(all.rows.every((row) => row.licence !== '' && row.sizeBytes > 0)).toBe(true);
    const second = await page('pageNum=2&pageSize=5');
    expect(second.rows.map((row) => row.id)).toEqual(all.rows.slice(5, 10).map((row) => row.id));
    const lora = types.find((type) => type.code === 'lora')!;
    const loras = await page(`typeId=${lora.id}`, { locale: 'en-US' });
    expect(loras.rows.map((row) => row.name)).toEqual(['Chinese Ink Painting (SDXL LoRA)', 'Detail Tweaker LoRA']);
  });

  it('finds models by a word of either language’s name or summary, literally', async () => {
    expect((await page('keyword=水墨', { locale: 'en-US' })).rows.map((row) => row.key)).toEqual(['lora-chinese-ink']);
    expect((await page('keyword=openpose', { locale: 'zh-CN' })).rows.map((row) => row.name)).toEqual([
      'ControlNet 1.1 姿态控制',
    ]);
    expect((await page('keyword=%25')).total).toBe(0);
  });

  it('toggles a like for a signed-in user only, and lists the models they like', async () => {
    const user = await createSignedInUser(t);
    const [model] = (await page('keyword=FLUX')).rows;
    expect((await get(`like?modelId=${model!.id}`)).statusCode).toBe(401);
    const liked = await get(`like?modelId=${model!.id}`, { token: user.token });
    expect(liked.json().data).toEqual({ liked: true, likeCount: model!.likeCount + 1 });
    expect((await page('keyword=FLUX', { token: user.token })).rows[0]!.liked).toBe(true);
    expect((await page('keyword=FLUX')).rows[0]!.liked).toBe(false);
    expect((await page('liked=true', { token: user.token })).rows.map((row) => row.id)).toEqual([model!.id]);
    expect((await page('liked=true')).total).toBe(0);
    const unliked = await get(`like?modelId=${model!.id}`, { token: user.token });
    expect(unliked.json().data).toEqual({ liked: false, likeCount: model!.likeCount });
    expect((await get('like?modelId=999999', { token: user.token, locale: 'en-US' })).json().msg).toBe(
      'Model 999999 does not exist',
    );
  });

  it('shows a model’s introduction and the files a download copies, or 404 in the caller’s language', async () => {
    const [model] = (await page('keyword=Qwen')).rows;
    const detail = (await get(model!.id, { locale: 'en-US' })).json().data;
    expect(detail.introduction).toContain('Licence: Apache-2.0');
    expect(detail.files.map((file: { path: string }) => file.path)).toEqual([
      'config.json',
      'model.safetensors',
      'README.md',
    ]);
    expect((await get(model!.id, { locale: 'zh-CN' })).json().data.introduction).toContain('许可：Apache-2.0');
    const missing = await get('999999', { locale: 'zh-CN' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('模型 999999 不存在');
  });
});
