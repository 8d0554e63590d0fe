import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { registerOperator } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

describe('regions on the fleet desk', () => {
  it('are added and renamed by an operator, take a host, and the hosts export as CSV', async () => {
    const { page, baseUrl } = session;
    const operator = await registerOperator();
    const stamp = Date.now() % 1_000_000;
    const id = `cn-west-${stamp}`;

    await openSignedIn(page, baseUrl, operator.token, '/admin/fleet/hosts');
    await dismissWelcomeDialogs(page);
    await page.getByTestId('fleet-add-region-open').click();
    await page.getByTestId('fleet-region-id').fill(id);
    await page.getByTestId('fleet-region-nameZh').fill(`西部${stamp}`);
    await page.getByTestId('fleet-region-nameEn').fill(`West ${stamp}`);
    await page.getByTestId('fleet-add-region-reason').fill('new data centre');
    await page.getByTestId('fleet-add-region-ok').click();
    const region = page.locator('[data-testid="fleet-regions"] tbody tr', { hasText: id });
    await region.getByText(`西部${stamp}`).waitFor();

    await page.getByTestId(`fleet-region-rename-${id}`).click();
    await page.getByTestId('fleet-region-nameZh').fill(`西部（成都）${stamp}`);
    await page.getByTestId('fleet-rename-region-reason').fill('city in the name');
    await page.getByTestId('fleet-rename-region-ok').click();
    await region.getByText(`西部（成都）${stamp}`).waitFor();

    await page.getByTestId('fleet-add-host-open').click();
    await page.getByTestId('fleet-add-host-region').click();
    await page.locator('.ant-select-item-option', { hasText: `西部（成都）${stamp}` }).click();
    await page.getByTestId('fleet-add-host-name').fill(`w-${stamp}`);
    await page.getByTestId('fleet-add-host-model').click();
    await page.locator('.ant-select-item-option', { hasText: 'RTX 4090' }).click();
    await page.getByTestId('fleet-add-host-reason').fill('racked');
    await page.getByTestId('fleet-add-host-ok').click();
    await page.locator('[data-testid="fleet-hosts"] tbody tr', { hasText: `w-${stamp}` }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('fleet-hosts-export').click(),
    ]);
    const line = readFileSync((await download.path())!, 'utf8')
      .split('\r\n')
      .find((text) => text.startsWith(`w-${stamp},`));
    expect(line).toContain(`西部（成都）${stamp}`);
    expect(line).toContain('RTX 4090');
  });
});
