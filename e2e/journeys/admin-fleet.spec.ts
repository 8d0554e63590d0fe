import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, registerOperator } from '../support/dev-api.js';
import { runningApplication, verifiedRenterWithBalance } from '../support/renter.js';

let session: BrowserSession;
let operator: { email: string; token: string };
const stamp = Date.now().toString(36);
const gpuModel = `Journey ${stamp}`;
const hostName = `journey-${stamp}`;

beforeAll(async () => {
  operator = await registerOperator();
  session = await openBrowser();
}, 120_000);

afterAll(() => session?.close());

/** Fills the open dialog's reason and confirms it. */
async function confirmWithReason(page: Page, testId: string, reason: string) {
  await page.getByTestId(`${testId}-reason`).fill(reason);
  await page.getByTestId(`${testId}-ok`).click();
}

/** Picks an option of a select (the first when none is named) and waits until the select shows it. */
async function chooseOption(page: Page, testId: string, option?: string) {
  await page.getByTestId(testId).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  const choice = (option ? options.filter({ hasText: option }) : options).first();
  const text = (await choice.textContent()) ?? '';
  await choice.click();
  await expect.poll(() => page.getByTestId(testId).textContent()).toContain(text);
}

const modelRow = (page: Page) => page.locator('[data-testid="fleet-models"] tbody tr', { hasText: gpuModel });
const hostRow = (page: Page) =>
  page.locator('[data-testid="fleet-hosts"] tbody tr.ant-table-row', { hasText: hostName });

describe('the fleet desk', () => {
  it('adds a priced GPU model and a host of it, which a user then rents; drains and returns it, all audited', async () => {
    const { page, baseUrl } = session;
    await chooseLanguage(page, baseUrl, 'en-US');
    await openSignedIn(page, baseUrl, operator.token, '/admin/fleet/prices');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Prices');

    await page.getByTestId('fleet-add-model-open').click();
    await page.getByTestId('fleet-add-model-name').fill(gpuModel);
    await page.getByTestId('fleet-add-model-memory').fill('80');
    await page.getByTestId('fleet-price-hourly').fill('3.20');
    await confirmWithReason(page, 'fleet-add-model', 'new cards arrived');
    await expect.poll(() => modelRow(page).textContent()).toContain('3.20');

    // Another operator changes the price while this one has it open: the second save is refused in words.
    await modelRow(page).getByTestId('fleet-price-edit').click();
    const book = await callApi<{ models: { gpuModel: string; version: number }[] }>('GET', '/admin/fleet/gpu-models', {
      token: operator.token,
    });
    const version = book.data.models.find((model) => model.gpuModel === gpuModel)!.version;
    const raced = await callApi('POST', `/admin/fleet/gpu-models/${encodeURIComponent(gpuModel)}/price`, {
      token: operator.token,
      body: { hourlyPrice: '3.00', educationHourlyPrice: null, version, reason: 'a colleague was faster' },
    });
    expect(raced.code).toBe(200);
    await page.getByTestId('fleet-price-hourly').fill('2.50');
    await confirmWithReason(page, 'fleet-price-dialog', 'launch price');
    await page.locator('.ant-message', { hasText: 'were changed by someone else' }).waitFor();
    await page.locator('.ant-modal-wrap:has([data-testid="fleet-price-dialog-ok"]) .ant-modal-close').click();
    await expect.poll(() => modelRow(page).textContent()).toContain('3.00');
    await modelRow(page).getByTestId('fleet-price-edit').click();
    await page.getByTestId('fleet-price-hourly').fill('2.50');
    await confirmWithReason(page, 'fleet-price-dialog', 'launch price');
    await expect.poll(() => modelRow(page).textContent()).toContain('2.50');

    await page.getByTestId('admin-menu-fleetHosts').click();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Fleet');
    await page.getByTestId('fleet-add-host-open').click();
    await chooseOption(page, 'fleet-add-host-region');
    await page.getByTestId('fleet-add-host-name').fill(hostName);
    await chooseOption(page, 'fleet-add-host-model', gpuModel);
    await page.getByTestId('fleet-add-host-count').fill('2');
    await confirmWithReason(page, 'fleet-add-host', 'rack 7 is cabled');
    await chooseOption(page, 'fleet-filter-model', gpuModel);
    await expect.poll(() => hostRow(page).textContent()).toContain(`2 × ${gpuModel}: 2 free, 0 busy, 0 broken`);

    // A user rents the new model, at the operator's price.
    const renter = await verifiedRenterWithBalance();
    const rented = await runningApplication(renter.token, { gpuModel });
    await page.reload();
    await chooseOption(page, 'fleet-filter-model', gpuModel);
    await expect.poll(() => hostRow(page).textContent(), { timeout: 30_000 }).toContain('1 free, 1 busy');
    await hostRow(page).locator('.ant-table-row-expand-icon').click();
    const gpus = page.getByTestId('fleet-host-gpus');
    await expect.poll(() => gpus.textContent()).toContain(`Application ${rented.id}`);

    // Draining leaves the running application alone and offers the host no more.
    await hostRow(page).getByTestId('fleet-host-draining').click();
    await confirmWithReason(page, 'fleet-host-dialog', 'firmware update');
    await expect.poll(() => hostRow(page).textContent()).toContain('Draining');
    const idleGpu = gpus.locator('tbody tr', { hasText: 'Idle' });
    await idleGpu.getByTestId('fleet-gpu-toggle').click();
    await confirmWithReason(page, 'fleet-gpu-dialog', 'fan noise');
    await expect.poll(() => idleGpu.textContent()).toContain('Broken');
    await hostRow(page).getByTestId('fleet-host-active').click();
    await confirmWithReason(page, 'fleet-host-dialog', 'firmware updated');
    await expect.poll(() => hostRow(page).textContent()).toContain('In service');

    await page.getByTestId('admin-menu-auditLog').click();
    await page.getByTestId('audit-filter-action').fill('inventory.');
    await page.getByTestId('audit-search').click();
    const audit = page.getByTestId('audit-table');
    for (const reason of ['new cards arrived', 'launch price', 'rack 7 is cabled', 'firmware update', 'fan noise']) {
      await expect.poll(() => audit.textContent()).toContain(reason);
    }
  }, 240_000);
});
