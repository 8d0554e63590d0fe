import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, PHONE, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, fitsWidth, openSignedIn, scrollsSideways } from '../support/console.js';
import { registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

/** Errors the page reports: a failed hydration is one (React reports it as a recoverable error). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(message.text());
    }
  });
  return errors;
}

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
