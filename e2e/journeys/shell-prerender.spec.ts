import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectErrors, openBrowser, PHONE, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, fitsWidth, openSignedIn, scrollsSideways } from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

// Remembers the title element the HTML arrived with, before any script of the console runs.
const REMEMBER_FIRST_TITLE = () =>
  document.addEventListener('DOMContentLoaded', () => {
    (window as unknown as { firstTitle: Element | null }).firstTitle =
      document.querySelector('[data-testid="page-title"]');
  });

const sameTitleAsArrived = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { firstTitle: Element | null }).firstTitle ===
      document.querySelector('[data-testid="page-title"]'),
  );

describe("a guest's first visit", () => {
  it('is drawn from the HTML itself, before any script runs', async () => {
    const context = await session.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, title] of [
      ['/aigc', '应用中心'],
      ['/computerPower', '算力'],
    ]) {
      await page.goto(`${session.baseUrl}${path}`);
      await expect.poll(() => page.getByTestId('page-title').textContent(), { timeout: 5_000 }).toBe(title);
      await expect.poll(() => page.getByTestId('login-button').isVisible()).toBe(true);
      expect(await page.title()).toBe(`${title} - 算力云`);
    }
    await context.close();
  });

  it('fits a phone before any script runs, though it was drawn for a desktop', async () => {
    const context = await session.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${session.baseUrl}/aigc`);
    await page.getByTestId('page-title').waitFor({ state: 'visible' });
    expect(await scrollsSideways(page)).toBe(false);
    expect(await fitsWidth(page, 'login-button')).toBe(true);
    // The phone's header is in the HTML already, chosen by the stylesheet: nothing is laid out again once scripts run.
    expect(await page.getByTestId('menu-button').isVisible()).toBe(true);
    expect(await page.getByTestId('main-menu').isVisible()).toBe(false);
    await context.close();
  });

  it('comes alive on the same elements, with no error, and answers a click', async () => {
    const { page, baseUrl } = session;
    const errors = collectErrors(page);
    await page.addInitScript(REMEMBER_FIRST_TITLE);
    await page.goto(`${baseUrl}/aigc`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-button').click();
    await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
    expect(await sameTitleAsArrived(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('keeps a click made before the scripts arrive, and answers it once they have', async () => {
    const { page, baseUrl } = session;
    const errors = collectErrors(page);
    // The app's chunk arrives late, as on a slow connection: the page is on screen and clicked before it runs.
    await page.route(/\/assets\/shell-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(`${baseUrl}/aigc`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('login-button').click();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-interactive'))).toBe(false);
    await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
    expect(errors).toEqual([]);
  });
});

/** The seeded official PyTorch image, as the API lists it to a guest in Chinese (migration 0019). */
async function pytorchImage() {
  const images = await callApi<Array<{ id: string; name: string }>>(
    'GET',
    '/system/applicationImage/listByUser?kind=official',
  );
  return images.data.find((image) => image.name.startsWith('PyTorch'))!;
}

// Remembers the card the HTML arrived with, before any script of the console runs.
const REMEMBER_FIRST_CARD = (testId: string) =>
  document.addEventListener('DOMContentLoaded', () => {
    (window as unknown as { firstCard: Element | null }).firstCard = document.querySelector(
      `[data-testid="${testId}"]`,
    );
  });

describe("the application center's first screen", () => {
  it('arrives with the HTML: the first page of cards, with prices and free GPUs, drawn before any script', async () => {
    const pytorch = await pytorchImage();
    const html = await (await fetch(`${session.baseUrl}/aigc`)).text();
    expect(html).toContain(`data-testid="image-card-${pytorch.id}"`);
    expect(html).toContain(pytorch.name);

    const context = await session.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${session.baseUrl}/aigc`);
    await page.getByTestId(`image-card-${pytorch.id}`).waitFor({ state: 'visible' });
    expect(await page.getByTestId(`image-price-${pytorch.id}`).textContent()).toBe('起价 ¥0.78/小时');
    expect(await page.getByTestId(`image-free-${pytorch.id}`).textContent()).toBe('当前有空闲 GPU');
    await page.getByTestId(`image-banner-${pytorch.id}`).waitFor({ state: 'visible' });
    await context.close();
  });

  it('comes alive on the same cards without asking the catalogue for them again, with no error', async () => {
    const { page, baseUrl } = session;
    const pytorch = await pytorchImage();
    const errors = collectErrors(page);
    const catalogueCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(system\/applicationImage|equipment\/gpu)/.test(request.url())) {
        catalogueCalls.push(request.url());
      }
    });
    await page.addInitScript(REMEMBER_FIRST_CARD, `image-card-${pytorch.id}`);
    await page.goto(`${baseUrl}/aigc`, { waitUntil: 'networkidle' });
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    expect(
      await page.evaluate(
        (testId) =>
          (window as unknown as { firstCard: Element | null }).firstCard ===
          document.querySelector(`[data-testid="${testId}"]`),
        `image-card-${pytorch.id}`,
      ),
    ).toBe(true);
    expect(catalogueCalls).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('a visitor the prerendered page was not made for', () => {
  it('in English sees the page in English, with no error', async () => {
    const { page, baseUrl } = session;
    await chooseLanguage(page, baseUrl, 'en-US');
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/aigc`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Application center');
    expect(await page.getByText('应用中心').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('signed in sees their own header, with no error', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    const errors = collectErrors(page);
    await openSignedIn(page, baseUrl, token, '/computerPower');
    await page.getByTestId('user-avatar').waitFor({ state: 'visible' });
    expect(await page.getByTestId('login-button').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
