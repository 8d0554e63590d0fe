import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn, serverTimeAhead } from '../support/console.js';
import { callApi, registerByEmail, registerOperator } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

/** The titles of the platform notices in the user's bell, as a person reads them. */
async function platformTitles(page: Page) {
  await page.getByTestId('notice-bell').click();
  await page.getByTestId('notice-tab-platform').click();
  const list = page.getByTestId('platform-notice-list');
  await list.locator('.ant-table-row').first().waitFor({ state: 'visible' });
  return (await list.textContent()) ?? '';
}

describe('platform notices on the support desk', () => {
  it('an operator schedules a notice, a user sees it once its time comes, and it leaves the list when withdrawn', async () => {
    const { page, baseUrl } = session;
    const operator = await registerOperator();
    const user = await registerByEmail();
    const title = `停机维护 ${Date.now() % 1_000_000}`;

    await openSignedIn(page, baseUrl, operator.token, '/admin/support/notices');
    await dismissWelcomeDialogs(page);
    await page.getByTestId('notice-new').click();
    await page.getByTestId('notice-titleZh').fill(title);
    await page.getByTestId('notice-titleEn').fill(`Maintenance ${title}`);
    await page.getByTestId('notice-contentZh').fill('周六 02:00 至 04:00 停机维护。');
    await page.getByTestId('notice-contentEn').fill('Down for maintenance on Saturday, 02:00 to 04:00.');
    const publishTime = page.locator('#notice-publish-time');
    await publishTime.fill(await serverTimeAhead(page, 30));
    await publishTime.press('Enter');
    await page.getByTestId('notice-dialog-reason').fill('weekend maintenance');
    await page.getByTestId('notice-dialog-ok').click();
    await page.locator('.ant-message', { hasText: '公告已保存' }).waitFor();
    const row = page.locator('[data-testid="notices-table"] tbody tr', { hasText: title });
    await row.getByText('待发布').waitFor();

    await openSignedIn(page, baseUrl, user.token, '/aigc');
    await dismissWelcomeDialogs(page);
    expect(await platformTitles(page)).not.toContain(title);

    expect((await callApi('POST', '/dev/clock', { body: { advanceMinutes: 31 } })).code).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId('new-notice').textContent(), { timeout: 30_000 }).toContain('周六');
    await page.getByTestId('new-notice-ok').click();
    expect(await platformTitles(page)).toContain(title);

    await openSignedIn(page, baseUrl, operator.token, '/admin/support/notices');
    await row.getByText('已发布').waitFor();
    await row.locator('[data-testid^="notice-withdraw-"]').click();
    await page.getByTestId('notice-withdraw-dialog-reason').fill('maintenance postponed');
    await page.getByTestId('notice-withdraw-dialog-ok').click();
    await page.locator('.ant-message', { hasText: '公告已撤回' }).waitFor();
    await row.getByText('已撤回').waitFor();

    await openSignedIn(page, baseUrl, user.token, '/aigc');
    expect(await platformTitles(page)).not.toContain(title);
  });
});
