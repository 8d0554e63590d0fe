import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { applicationsOf, runningApplication, verifiedRenterWithBalance } from '../support/renter.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

describe('expanding a running application’s data disk', () => {
  it('shows the daily price before confirming, then the new size in My applications and in the workspace', async () => {
    const { page, context, baseUrl } = session;
    const renter = await verifiedRenterWithBalance();
    const { id } = await runningApplication(renter.token, { dataDiskGb: 20 });

    await openSignedIn(page, baseUrl, renter.token, '/myApp');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId(`app-disk-${id}`).textContent(), { timeout: 15_000 }).toBe('70 GB');

    await page.getByTestId(`app-expand-disk-${id}`).click();
    expect(await page.getByTestId('app-disk-current').textContent()).toBe('免费 50 GB + 扩容 20 GB');
    await page.getByTestId('app-disk-size').click();
    await page.locator('.ant-select-item-option[title="60 GB"]').click();
    // The price is there before anything is confirmed: 40 GB added at 0.007 yuan a GB a day.
    expect(await page.getByTestId('app-disk-price').textContent()).toContain('新增的 40 GB 每天 ¥0.28');
    expect(await page.getByTestId('app-disk-price').textContent()).toContain('每天 0:00 按当时的容量计费');
    expect((await applicationsOf(renter.token))[0]?.dataDiskGb).toBe(20);

    await page.getByTestId('app-disk-ok').click();
    await page.getByTestId('app-disk-done').waitFor({ state: 'visible' });
    expect(await page.getByTestId('app-disk-done').textContent()).toContain('110 GB');
    await expect.poll(() => page.getByTestId(`app-disk-${id}`).textContent()).toBe('110 GB');
    expect((await applicationsOf(renter.token))[0]).toMatchObject({ id, status: 'running', dataDiskGb: 60 });

    // The workspace itself now has the larger disk.
    await page.getByTestId(`app-links-${id}`).click();
    const [workspace] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId(`app-link-${id}-8888`).click(),
    ]);
    await expect.poll(() => workspace.textContent('body'), { timeout: 15_000 }).toContain('110 GB');
  });
});
