import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { registerByEmail } from '../support/dev-api.js';
import { runningApplication, verifiedRenterWithBalance } from '../support/renter.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

describe('the cloud space', () => {
  it('uploads a file in parts with a progress bar, counts it, downloads the same bytes, renames and deletes it', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/dateCenter');
    await dismissWelcomeDialogs(page);
    const used = page.getByTestId('cloud-storage-used');
    await expect.poll(() => used.textContent()).toContain('已用 0 B');
    await page.getByText('数据更新有 1 到 5 分钟延迟').waitFor({ state: 'visible' });

    // Above 16 MiB: the upload goes in parts.
    const bytes = randomBytes(17 * 1024 * 1024 + 123);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'dataset.bin',
      mimeType: 'application/octet-stream',
      buffer: bytes,
    });
    const progress = page.getByTestId('cloud-upload-progress');
    await progress.waitFor({ state: 'visible' });
    await expect.poll(() => progress.getAttribute('aria-valuenow'), { timeout: 60_000 }).toBe('100');
    const rows = page.getByTestId('cloud-entries').locator('tbody tr');
    await rows.filter({ hasText: 'dataset.bin' }).waitFor({ state: 'visible' });
    await expect.poll(() => used.textContent()).toContain('已用 17 MB');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows.filter({ hasText: 'dataset.bin' }).getByRole('button', { name: /下载/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('dataset.bin');
    expect(Buffer.compare(await readFile((await download.path())!), bytes)).toBe(0);

    await rows.filter({ hasText: 'dataset.bin' }).getByRole('button', { name: '重命名' }).click();
    await page.getByTestId('cloud-name-input').fill('训练集.bin');
    await page.getByRole('button', { name: '保存' }).click();
    await rows.filter({ hasText: '训练集.bin' }).waitFor({ state: 'visible' });
    expect(await rows.filter({ hasText: 'dataset.bin' }).count()).toBe(0);

    await rows.filter({ hasText: '训练集.bin' }).getByRole('button', { name: '删除' }).click();
    await page.getByText('删除“训练集.bin”？删除后无法恢复。').waitFor({ state: 'visible' });
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await page.getByText('这里还没有文件。上传文件或新建文件夹吧。').waitFor({ state: 'visible' });
    await expect.poll(() => used.textContent()).toContain('已用 0 B');
  });

  it('sends a part again after its connection drops and finishes the upload', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/dateCenter');
    await dismissWelcomeDialogs(page);
    // The first PUT of part 2 loses its connection; every other request goes through.
    let dropped = 0;
    await page.route(/\/api\/objects\/.*partNumber=2/, async (route) => {
      if (dropped === 0) {
        dropped += 1;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    const bytes = randomBytes(17 * 1024 * 1024);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'flaky.bin',
      mimeType: 'application/octet-stream',
      buffer: bytes,
    });
    const rows = page.getByTestId('cloud-entries').locator('tbody tr');
    await rows.filter({ hasText: 'flaky.bin' }).waitFor({ state: 'visible', timeout: 60_000 });
    expect(dropped).toBe(1);
    await expect.poll(() => page.getByTestId('cloud-storage-used').textContent()).toContain('已用 17 MB');
  });

  it('copies a file into a running application, whose file browser then shows it', async () => {
    const { page, context, baseUrl } = session;
    const renter = await verifiedRenterWithBalance();
    const application = await runningApplication(renter.token);
    await openSignedIn(page, baseUrl, renter.token, '/dateCenter');
    await dismissWelcomeDialogs(page);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'prompts.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('a cat in a spacesuit'),
    });
    const row = page.getByTestId('cloud-entries').locator('tbody tr').filter({ hasText: 'prompts.txt' });
    await row.waitFor({ state: 'visible', timeout: 30_000 });

    await row.getByTestId('cloud-copy-to-app').click();
    await page.getByTestId('copy-application').click();
    await page.locator('.ant-select-item-option').filter({ hasText: application.appName }).click();
    await page.getByTestId('copy-path').fill('/inbox');
    await page.getByTestId('copy-start').click();
    await expect
      .poll(() => page.getByTestId('copy-progress').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('done');
    expect(await page.getByTestId('copy-status').textContent()).toContain('/inbox');

    await page.getByTestId(`app-links-${application.id}`).click();
    const [workspace] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId(`app-link-${application.id}-8888`).click(),
    ]);
    await expect
      .poll(() => new URL(workspace.url()).hostname, { timeout: 15_000 })
      .toBe(`${application.id}-8888.apps.localhost`);
    await workspace.goto(new URL('/?path=inbox', workspace.url()).href);
    expect(await workspace.locator('body').textContent()).toContain('prompts.txt');
  });
});
