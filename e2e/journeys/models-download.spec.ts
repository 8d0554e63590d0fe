import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi } from '../support/dev-api.js';
import { runningApplication, verifiedRenterWithBalance } from '../support/renter.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

/** A verified renter with a running PyTorch application. */
async function renterWithRunningApplication() {
  const renter = await verifiedRenterWithBalance();
  const application = await runningApplication(renter.token);
  return { ...renter, applicationId: application.id, appName: application.appName };
}

describe('downloading a model into an application', () => {
  it('copies the model onto the data disk with progress, and the workspace lists its files', async () => {
    const { page, context, baseUrl } = session;
    const renter = await renterWithRunningApplication();
    const models = await callApi<{ rows: { id: string; key: string }[] }>(
      'GET',
      '/system/trainedModel/listByUser?keyword=Canny',
    );
    const canny = models.data.rows.find((row) => row.key === 'controlnet-canny-sd15')!;

    await openSignedIn(page, baseUrl, renter.token, '/model');
    await dismissWelcomeDialogs(page);
    await page.getByTestId('model-search').fill('Canny');
    await page.getByTestId(`model-name-${canny.id}`).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/modelDetial');
    await expect
      .poll(() => page.getByTestId('model-detail-files').textContent())
      .toContain('control_v11p_sd15_canny.pth');

    await page.getByTestId('model-download').click();
    // The folder is required: emptied, the dialog refuses before asking the server.
    await page.getByTestId('copy-application').click();
    await page.locator('.ant-select-item-option').filter({ hasText: renter.appName }).click();
    await page.getByTestId('copy-path').fill('');
    await page.getByTestId('copy-start').click();
    await expect.poll(() => page.getByTestId('copy-form').textContent()).toContain('请输入要复制到的目录');
    await page.getByTestId('copy-path').fill('/models/canny');
    await page.getByTestId('copy-start').click();

    await expect
      .poll(() => page.getByTestId('copy-progress').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('done');
    expect(await page.getByTestId('copy-status').textContent()).toContain('/models/canny');
    expect(await page.locator('.ant-progress').getAttribute('aria-valuenow')).toBe('100');

    // The application's own file browser lists what was copied.
    await page.getByTestId(`app-links-${renter.applicationId}`).click();
    const [workspace] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId(`app-link-${renter.applicationId}-8888`).click(),
    ]);
    await expect
      .poll(() => new URL(workspace.url()).hostname, { timeout: 15_000 })
      .toBe(`${renter.applicationId}-8888.apps.localhost`);
    await workspace.goto(new URL('/?path=models%2Fcanny', workspace.url()).href);
    const listing = await workspace.locator('body').textContent();
    expect(listing).toContain('control_v11p_sd15_canny.pth');
    expect(listing).toContain('README.md');
  });
});
