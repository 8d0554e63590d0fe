import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

describe('without a network', () => {
  it('says the network connection is abnormal at once when a save is tried offline, and stops spinning', async () => {
    const { page, context, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/basicSet');
    await dismissWelcomeDialogs(page);
    await page.getByTestId('profile-nickname-input').fill('离线用户');

    await context.setOffline(true);
    await page.getByTestId('profile-nickname-submit').click();

    await page.getByText('网络连接异常，请检查网络').first().waitFor({ state: 'visible', timeout: 5_000 });
    await expect
      .poll(() => page.getByTestId('profile-nickname-submit').getAttribute('class'))
      .not.toContain('ant-btn-loading');
  });
});
