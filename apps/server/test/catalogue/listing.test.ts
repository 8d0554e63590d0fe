import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser, createUser } from '../helpers/factories.js';
import { getImage, listPage, officialImageId, toggleLike } from './catalogue-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const owner = await createUser(t);
  await t.services.catalogue.publishCommunityImage({
    ownerId: owner,
    name: 'Whisper 中文转写',
    typeNameEn: 'LLM inference',
    summaryZh: 'Whisper large-v3 语音转文字',
    summaryEn: 'Whisper large-v3 speech to text',
    introductionZh: '介绍',
    introductionEn: 'Introduction',
    minGpuMemoryGb: 10,
    links: [{ name: 'API', port: 9000, kind: 'api' }],
  });
});
afterAll(() => t.close());

const names = (page: { rows: { name: string }[] }) => page.rows.map((row) => row.name);

describe('the image types', () => {
  it('are listed to a guest in display order, in the caller’s language', async () => {
    const url = '/api/system/applicationImageType/listByUser';
    const zh = (await t.request({ method: 'GET', url })).json().data;
    const en = (await t.request({ method: 'GET', url, locale: 'en-US' })).json().data;
    expect(zh.map((type: { name: string }) => type.name)).toEqual(['深度学习框架', 'AIGC 绘画', '大模型推理']);
    expect(en.map((type: { name: string }) => type.name)).toEqual([
      'Deep learning frameworks',
      'AIGC image',
      'LLM inference',
    ]);
  });
});

describe('the image list', () => {
  it('shows a guest the official images first, then community ones, with what a card needs', async () => {
    const page = await listPage(t, '', { locale: 'en-US' });
    expect(page.total).toBe(7);
    expect(page.rows).toHaveLength(7);
    expect(page.rows[0]).toMatchObject({
      name: 'PyTorch 2.3 + JupyterLab',
      kind: 'official',
      type: { name: 'Deep learning frameworks' },
      summary: expect.stringContaining('PyTorch 2.3'),
      likeCount: 0,
      liked: false,
      minGpuMemoryGb: 8,
      links: [
        { name: 'JupyterLab', port: 8888, kind: 'jupyter' },
        { name: 'Terminal', port: 7681, kind: 'terminal' },
      ],
    });
    expect(page.rows.at(-1)).toMatchObject({ name: 'Whisper 中文转写', kind: 'community' });
  });

  it('filters by type, kind and keyword, the keyword matching name or summary literally', async () => {
    const types = (await t.request({ method: 'GET', url: '/api/system/applicationImageType/listByUser' })).json().data;
    const llm = types.find((type: { name: string }) => type.name === '大模型推理').id;
    expect(names(await listPage(t, `?typeId=${llm}`))).toEqual([
      'Ollama',
      'vLLM (OpenAI-compatible API)',
      'Whisper 中文转写',
    ]);
    expect(names(await listPage(t, `?typeId=${llm}&kind=community`))).toEqual(['Whisper 中文转写']);
    expect(names(await listPage(t, '?keyword=comfy'))).toEqual(['ComfyUI']);
    expect(names(await listPage(t, `?keyword=${encodeURIComponent('语音')}`))).toEqual(['Whisper 中文转写']);
    expect(await listPage(t, `?keyword=${encodeURIComponent('%')}`)).toEqual({ rows: [], total: 0 });
  });

  it('pages with the total of every page', async () => {
    const first = await listPage(t, '?pageNum=1&pageSize=3');
    const third = await listPage(t, '?pageNum=3&pageSize=3');
    const past = await listPage(t, '?pageNum=9&pageSize=3');
    expect(first.rows).toHaveLength(3);
    expect(third.rows).toHaveLength(1);
    expect([first.total, third.total, past.total]).toEqual([7, 7, 7]);
    expect(past.rows).toEqual([]);
  });

  it('answers the unpaged call as a plain list', async () => {
    const response = await t.request({ method: 'GET', url: '/api/system/applicationImage/listByUser?kind=community' });
    expect(response.json().data.map((row: { name: string }) => row.name)).toEqual(['Whisper 中文转写']);
  });

  it('tells a signed-in caller which images they like, and nobody else', async () => {
    const fan = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const comfy = await officialImageId(t, 'ComfyUI');
    await toggleLike(t, fan.token, comfy);
    const likedBy = async (token?: string) =>
      (await listPage(t, '?keyword=comfy', { token })).rows[0] as { liked: boolean; likeCount: number };
    expect(await likedBy(fan.token)).toMatchObject({ liked: true, likeCount: 1 });
    expect(await likedBy(other.token)).toMatchObject({ liked: false, likeCount: 1 });
    expect(await likedBy()).toMatchObject({ liked: false, likeCount: 1 });
    await toggleLike(t, fan.token, comfy);
  });
});

describe('the banners', () => {
  it('are the featured images in banner order', async () => {
    const response = await t.request({ method: 'GET', url: '/api/system/applicationImage/bannnerImages' });
    expect(response.json().data.map((row: { name: string }) => row.name)).toEqual([
      'PyTorch 2.3 + JupyterLab',
      'Stable Diffusion WebUI',
      'ComfyUI',
    ]);
  });
});

describe('an image’s detail', () => {
  it('carries its introduction in the caller’s language', async () => {
    const id = await officialImageId(t, 'Ollama');
    const zh = (await getImage(t, id)).json().data;
    const en = (await getImage(t, id, { locale: 'en-US' })).json().data;
    expect(zh).toMatchObject({
      id,
      name: 'Ollama',
      revisable: false,
      introduction: expect.stringContaining('拉取模型'),
    });
    expect(en.introduction).toContain('ollama pull');
  });

  it('answers 404 naming an id that does not exist', async () => {
    const response = await getImage(t, '999999', { locale: 'en-US' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, msg: 'Image 999999 does not exist' });
    expect((await getImage(t, '999999')).json().msg).toBe('镜像 999999 不存在');
  });
});
