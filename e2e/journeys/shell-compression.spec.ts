import type { Response } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

/** Every response of a first load, with its headers, from an empty cache. */
async function firstLoad(path: string) {
  const { page, baseUrl } = session;
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('应用中心');
  return Promise.all(
    responses.map(async (response) => ({
      url: new URL(response.url()).pathname,
      type: response.request().resourceType(),
      headers: await response.allHeaders(),
    })),
  );
}

describe("the console's files", () => {
  it('arrive Brotli-compressed, the hashed scripts cached for good and the page never', async () => {
    const loaded = await firstLoad('/aigc');
    const scripts = loaded.filter((response) => response.type === 'script');
    // The entry, React, antd's shell and the page's own chunk at least.
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      expect(script.headers['content-encoding'], script.url).toBe('br');
      expect(script.headers.vary, script.url).toContain('accept-encoding');
      expect(script.headers['cache-control'], script.url).toBe('public, max-age=31536000, immutable');
    }
    const page = loaded.find((response) => response.type === 'document')!;
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
