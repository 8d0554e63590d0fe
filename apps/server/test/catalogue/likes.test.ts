import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { officialImageId, toggleLike } from './catalogue-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const liked = async (token: string, query = '') =>
  (await t.request({ method: 'GET', url: `/api/system/applicationImage/listUserLikedImages${query}`, token })).json()
    .data;

describe('liking an image', () => {
  it('toggles: a like, then taking it back, each moving the count by one', async () => {
    const image = await officialImageId(t, 'vLLM (OpenAI-compatible API)');
    const first = await createSignedInUser(t);
    const second = await createSignedInUser(t);
    expect((await toggleLike(t, first.token, image)).json().data).toEqual({ liked: true, likeCount: 1 });
    expect((await toggleLike(t, second.token, image)).json().data).toEqual({ liked: true, likeCount: 2 });
    expect((await toggleLike(t, first.token, image)).json().data).toEqual({ liked: false, likeCount: 1 });
    expect((await toggleLike(t, first.token, image)).json().data).toEqual({ liked: true, likeCount: 2 });
  });

  it('needs a signed-in caller and an image that exists', async () => {
    const image = await officialImageId(t, 'Ollama');
    const response = await t.request({ method: 'GET', url: `/api/system/applicationImage/like?imageId=${image}` });
    expect(response.statusCode).toBe(401);
    const { token } = await createSignedInUser(t);
    expect((await toggleLike(t, token, '424242')).statusCode).toBe(404);
    expect((await toggleLike(t, token, 'abc')).statusCode).toBe(400);
  });

  it('lists what the caller likes, latest like first, paged', async () => {
    const { token } = await createSignedInUser(t);
    await toggleLike(t, token, await officialImageId(t, 'ComfyUI'));
    (t.clock as AdjustableClock).advance(1);
    await toggleLike(t, token, await officialImageId(t, 'Ollama'));
    const page = await liked(token);
    expect(page.total).toBe(2);
    expect(page.rows.every((row: { liked: boolean }) => row.liked)).toBe(true);
    expect(page.rows.map((row: { name: string }) => row.name)).toEqual(['Ollama', 'ComfyUI']);
    expect(await liked(token, '?pageNum=2&pageSize=1')).toMatchObject({ total: 2, rows: [expect.anything()] });
    const stranger = await createSignedInUser(t);
    expect(await liked(stranger.token)).toEqual({ rows: [], total: 0 });
  });
});
