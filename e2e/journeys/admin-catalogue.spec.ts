import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, dismissWelcomeDialogs, openInteractive, openSignedIn } from '../support/console.js';
import { registerOperator } from '../support/dev-api.js';

let operatorSession: BrowserSession;
let guestSession: BrowserSession;
let operator: { email: string; token: string };
const imageName = `Journey JAX ${Date.now().toString(36)}`;

beforeAll(async () => {
  operator = await registerOperator();
  operatorSession = await openBrowser();
  guestSession = await openBrowser();
}, 120_000);

afterAll(async () => {
  await operatorSession?.close();
  await guestSession?.close();
});

/** Fills the open dialog's reason and confirms it. */
async function confirmWithReason(page: Page, testId: string, reason: string) {
  await page.getByTestId(`${testId}-reason`).fill(reason);
  await page.getByTestId(`${testId}-ok`).click();
}

/** Whether a guest searching the application center for the image finds its card. */
async function guestFinds(name: string) {
  const { page, baseUrl } = guestSession;
  await openInteractive(page, `${baseUrl}/aigc`);
  await page.getByTestId('image-search').pressSequentially(name, { delay: 20 });
  await page.locator('[data-testid="image-list"][aria-busy="false"]').waitFor();
  return page.locator('[data-testid^="image-card-"]', { hasText: name }).count();
}

const imageRow = (page: Page) =>
  page.locator('[data-testid="catalogue-images"] tbody tr.ant-table-row', { hasText: imageName });

describe('the catalogue desk', () => {
  it('adds an official image, which a user then sees in the catalogue; hidden, it is gone', async () => {
    const { page, baseUrl } = operatorSession;
    await chooseLanguage(page, baseUrl, 'en-US');
    await openSignedIn(page, baseUrl, operator.token, '/admin/review/catalogue/images');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Official images');

    await page.getByTestId('catalogue-add-image').click();
    await page.getByTestId('catalogue-image-name').fill(imageName);
    await page.getByTestId('catalogue-image-type').click();
    await page.locator('.ant-select-item-option', { hasText: 'LLM inference' }).first().click();
    await page.getByTestId('catalogue-image-summary-zh').fill('JAX 与 JupyterLab');
    await page.getByTestId('catalogue-image-summary-en').fill('JAX with JupyterLab');
    await page.getByTestId('catalogue-image-memory').fill('16');
    await confirmWithReason(page, 'catalogue-image', 'customers asked for JAX');
    await page.getByRole('searchbox', { name: 'Search by name' }).fill(imageName);
    await page.getByRole('searchbox', { name: 'Search by name' }).press('Enter');
    await expect.poll(() => imageRow(page).textContent()).toContain('Shown');

    await expect.poll(() => guestFinds(imageName), { timeout: 30_000 }).toBe(1);

    // Hiding asks first, says what users lose, and keeps the reason.
    await imageRow(page).getByTestId('catalogue-image-hide').click();
    await expect
      .poll(() => page.getByRole('dialog').textContent())
      .toContain('Applications already running from it carry on');
    await confirmWithReason(page, 'catalogue-hide-image', 'licence lapsed');
    await expect.poll(() => imageRow(page).textContent()).toContain('Hidden');

    await expect.poll(() => guestFinds(imageName), { timeout: 30_000 }).toBe(0);

    await page.getByTestId('admin-menu-auditLog').click();
    await page.getByTestId('audit-filter-action').fill('catalogue.');
    await page.getByTestId('audit-search').click();
    const audit = page.getByTestId('audit-table');
    for (const reason of ['customers asked for JAX', 'licence lapsed']) {
      await expect.poll(() => audit.textContent()).toContain(reason);
    }
  }, 240_000);
});
