import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, openInteractive } from '../support/console.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

const pathOf = (url: string) => new URL(url).pathname;

describe('the help center', () => {
  it('opens from "Help docs" in the console, with the billing rules, not the developers\' API page', async () => {
    const { page, baseUrl } = session;
    await openInteractive(page, `${baseUrl}/aigc`);
    // The application center draws its cards as their data arrives; a person reaches for the menu once it has.
    await page.waitForLoadState('networkidle');
    await page.getByTestId('menu-more').hover();
    await page.getByTestId('menu-helpDocs').click();
    await expect.poll(() => pathOf(page.url())).toMatch(/^\/help/);
    expect(page.context().pages()).toHaveLength(1);

    for (const doc of ['getting-started', 'billing', 'images-and-data', 'invoices', 'faq']) {
      await page.getByTestId(`help-link-${doc}`).waitFor({ state: 'visible' });
    }
    await page.getByTestId('help-link-billing').click();
    await expect.poll(() => page.getByTestId('help-article').textContent()).toContain('120 GB');
    // The help center's title is the page's one <h1>; a page's own title sits below it.
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('[data-testid="help-article"] h2').first().textContent()).toBeTruthy();
  });

  it('shows the same pages in English', async () => {
    const { page, baseUrl } = session;
    await chooseLanguage(page, baseUrl, 'en-US');
    await page.goto(`${baseUrl}/help/billing`);
    // A first visit loads the app, the help center and the Markdown renderer, each a chunk of its own.
    await page.getByTestId('help-article').getByText('per minute').first().waitFor();
    expect(await page.getByTestId('help-article').textContent()).toContain('per minute');
    expect(await page.getByTestId('help-article').textContent()).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('keeps the API reference on the API open platform', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/APIOpen`);
    expect(await page.getByTestId('api-reference-link').getAttribute('href')).toBe('/api/docs');
  });
});
