import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, openInteractive } from '../support/console.js';
import { callApi } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

describe('the computing power page', () => {
  it('shows every GPU model on offer with its memory and prices', async () => {
    const { page, baseUrl } = session;
    const models = await callApi<{ gpuModel: string; memoryGb: number }[]>('GET', '/equipment/server/info/gpuModel');
    await chooseLanguage(page, baseUrl, 'en-US');
    await openInteractive(page, `${baseUrl}/computerPower`);
    await page.getByTestId('gpu-models').waitFor({ state: 'visible' });

    const rows = await page.locator('[data-testid="gpu-models"] tbody th').allTextContents();
    expect(rows).toEqual(models.data.map((model) => model.gpuModel));
    const cell = (model: string, column: string) => page.getByTestId(`gpu-model-${model}-${column}`).textContent();
    // The default fleet: an RTX 4090 lists at 2.28 an hour; a day is 24 hours at 95 %, a week 168 hours at
    // 90 %, both to the cent.
    expect(await cell('RTX 4090', 'minute')).toBe('¥2.28');
    expect(await cell('RTX 4090', 'day')).toBe('¥51.98');
    expect(await cell('RTX 4090', 'week')).toBe('¥344.74');
    expect(await cell('RTX 4090', 'education')).toBe('¥1.95');
    expect(await cell('L20', 'education')).toBe('—');
    expect(await page.locator('[data-testid="gpu-model-A800"] td').first().textContent()).toBe('80 GB');

    // Availability by region, as the API counts it now.
    const regions = await callApi<{ id: string; gpus: { gpuModel: string; total: number; free: number }[] }[]>(
      'GET',
      '/equipment/gpu/regions',
    );
    expect(regions.data.length).toBeGreaterThan(0);
    for (const region of regions.data) {
      for (const gpu of region.gpus) {
        const row = page.getByTestId(`gpu-region-${region.id}-${gpu.gpuModel}`);
        expect(await row.locator('td').allTextContents()).toEqual([String(gpu.free), String(gpu.total)]);
      }
    }
  });
});
