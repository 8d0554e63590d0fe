import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { sendCode } from '../support/console.js';
import { uniqueAccount } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

describe('WeChat QR login', () => {
  it('lets a new WeChat user scan in the sandbox, bind a phone and land logged in', async () => {
    const { page, context, baseUrl } = session;
    const { phone } = uniqueAccount();
    await page.goto(`${baseUrl}/aigc`);
    await page.getByTestId('login-button').click();
    await page.getByTestId('login-tab-wechat').click();
    const link = page.getByTestId('wechat-sandbox-link');
    await link.waitFor({ state: 'visible' });

    // The sandbox stands in for the phone: its page opens from the QR and "scans" as a WeChat user.
    const scanPage = await context.newPage();
    await scanPage.goto(new URL((await link.getAttribute('href'))!, baseUrl).toString());
    await scanPage.getByTestId('sandbox-scan-button').click();
    await expect.poll(() => scanPage.getByTestId('sandbox-scan-result').getAttribute('class')).toBe('ok');
    await scanPage.close();

    await page.getByTestId('wechat-bind-step').waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByTestId('bind-phone').fill(phone);
    await page.getByTestId('bind-code').fill(await sendCode(page, 'bind-send-code', phone));
    await page.getByTestId('bind-consent').check();
    await page.getByTestId('bind-submit').click();
    await page.getByTestId('user-avatar').waitFor({ state: 'visible' });
  });
});
