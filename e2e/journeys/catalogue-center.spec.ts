import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { openInteractive } from '../support/console.js';
import { callApi } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  // Past the Content-Security-Policy, so that axe-core can check the detail page.
  session = await openBrowser({ bypassCSP: true });
});
afterEach(() => session.close());

interface Image {
  id: string;
  name: string;
  type: { id: string; name: string };
}

/** The seeded official images, as the API lists them to a guest in Chinese (migration 0019). */
async function officialImages() {
  const images = await callApi<Image[]>('GET', '/system/applicationImage/listByUser?kind=official');
  const byName = (prefix: string) => images.data.find((image) => image.name.startsWith(prefix))!;
  return {
    pytorch: byName('PyTorch'),
    stableDiffusion: byName('Stable Diffusion'),
    comfy: byName('ComfyUI'),
    ollama: byName('Ollama'),
    vllm: byName('vLLM'),
  };
}

/** The ids of the images the API lists for a filter, as the cards should show them. */
async function listedIds(query: string): Promise<string[]> {
  const images = await callApi<Image[]>('GET', `/system/applicationImage/listByUser?${query}`);
  return images.data.map((image) => image.id).sort();
}

/** The ids of the cards on screen, once the list has settled. */
async function cardIds(page: Page): Promise<string[]> {
  await page.locator('[data-testid="image-list"][aria-busy="false"]').waitFor();
  const ids = await page
    .locator('[data-testid^="image-card-"]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid')!.replace('image-card-', '')));
  return ids.sort();
}

describe('the application center for a guest', () => {
  it('shows image cards with their lowest price, filters by type and source, and searches', async () => {
    const { page, baseUrl } = session;
    const images = await officialImages();
    await openInteractive(page, `${baseUrl}/aigc`);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('应用中心');

    // The cheapest model with the memory each image needs: 12 GB of an RTX 3060 for PyTorch, 24 GB for vLLM.
    const price = (id: string) => page.getByTestId(`image-price-${id}`).textContent();
    await expect.poll(() => price(images.pytorch.id)).toBe('起价 ¥0.78/小时');
    await expect.poll(() => price(images.vllm.id)).toBe('起价 ¥1.78/小时');
    expect(await page.getByTestId(`image-type-${images.ollama.id}`).textContent()).toBe('大模型推理');
    // The simulated fleet has free GPUs of every model.
    await expect.poll(() => page.getByTestId(`image-free-${images.vllm.id}`).textContent()).toBe('当前有空闲 GPU');
    await page.getByTestId(`image-banner-${images.pytorch.id}`).waitFor({ state: 'visible' });

    // Type: only the AIGC images.
    await page.getByTestId(`image-filter-type-${images.comfy.type.id}`).click();
    const aigc = await listedIds(`typeId=${images.comfy.type.id}`);
    expect(aigc).toEqual(expect.arrayContaining([images.stableDiffusion.id, images.comfy.id]));
    expect(aigc).not.toContain(images.ollama.id);
    await expect.poll(() => cardIds(page)).toEqual(aigc);

    // Back to all types, then a search typed as a person types it.
    await page.getByTestId('image-filter-type-all').click();
    await page.getByTestId('image-search').pressSequentially('ollama', { delay: 30 });
    await expect.poll(() => cardIds(page)).toEqual(await listedIds('keyword=ollama'));
    expect(await cardIds(page)).toContain(images.ollama.id);

    // No community image matches: the way out clears every filter, the search box included.
    await page.getByTestId('image-filter-kind-community').click();
    await page.getByTestId('image-list-empty').getByText('没有符合条件的镜像').waitFor({ state: 'visible' });
    await page.getByTestId('image-list-clear').click();
    await expect.poll(async () => (await cardIds(page)).length).toBeGreaterThanOrEqual(6);
    expect(await page.getByTestId('image-search').inputValue()).toBe('');
  });

  it("opens an image's detail with its introduction, links and the GPU models it runs on", async () => {
    const { page, baseUrl } = session;
    const { ollama } = await officialImages();
    await openInteractive(page, `${baseUrl}/aigc`);
    await page.getByTestId(`image-card-${ollama.id}`).click();

    await expect.poll(() => new URL(page.url()).search).toBe(`?id=${ollama.id}`);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Ollama');
    await page.getByTestId('image-introduction').getByText('ollama pull qwen2:7b').waitFor({ state: 'visible' });
    expect(
      await page.locator('[data-testid="image-introduction"] h2, [data-testid="image-introduction"] h3').count(),
    ).toBeGreaterThan(0);
    expect(await page.getByTestId('image-link-11434').textContent()).toBe('API（端口 11434）');
    expect(await page.getByTestId('image-link-8080').textContent()).toBe('Open WebUI（端口 8080）');
    expect(await page.getByTestId('image-detail-memory').textContent()).toBe('12 GB');
    // 12 GB and more, cheapest first.
    const models = await page.locator('[data-testid^="image-model-"] th').allTextContents();
    expect(models[0]).toBe('RTX 3060');
    expect(models).toContain('A800');
    await expect.poll(() => page.getByTestId('image-model-RTX 3060-free').textContent()).toMatch(/^\d+$/);
    expect(await page.getByTestId('image-edit-introduction').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('says so when an image does not exist, with the way back', async () => {
    const { page, baseUrl } = session;
    await openInteractive(page, `${baseUrl}/imageDetail?id=987654321`);
    await page.getByTestId('image-not-found').waitFor({ state: 'visible' });
    await page.getByTestId('image-back-to-center').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/aigc');
  });
});
