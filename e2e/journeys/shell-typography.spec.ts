import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

// Two Han characters with a space between them, which antd inserts into a two-character button by default.
const SPACED_HAN = /[\u4e00-\u9fff] [\u4e00-\u9fff]/;

describe('Chinese typography', () => {
  it('writes button labels without a space between two characters, in a Chinese font stack', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/aigc`);
    await page.getByTestId('login-button').click();
    await page.getByTestId('login-tab-account').click();
    await expect.poll(() => page.getByTestId('login-submit').innerText()).toBe('登录');
    const labels = await page.locator('.ant-btn').allInnerTexts();
    expect(labels.filter((label) => SPACED_HAN.test(label))).toEqual([]);

    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    for (const family of ['PingFang SC', 'Microsoft YaHei', 'Hiragino Sans GB']) {
      expect(font).toContain(family);
    }
  });

  it("speaks antd's own words in the current language", async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/basicSet');
    await dismissWelcomeDialogs(page);
    await page.getByTestId('profile-education').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.getByTestId('profile-education').hover();
    await expect.poll(() => page.locator('.ant-select-clear').getAttribute('aria-label')).toBe('清除');

    await page.goto(`${baseUrl}/aigc`);
    await page.getByTestId('user-avatar').waitFor({ state: 'visible' });
    await page.evaluate(() => window.localStorage.removeItem('suanli.access-token'));
    await page.reload();
    await page.getByTestId('login-button').click();
    await page.getByTestId('login-tab-account').click();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowRight');
    const body = await page.evaluate(() => document.body.textContent ?? '');
    expect(body).not.toMatch(/Tab \d of \d/);
  });
});
