import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, logOut, openSignedIn } from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

const pathOf = (url: string) => new URL(url).pathname;

describe('an ended session', () => {
  it('says the session has ended and leaves a guarded page for / when the dialog is closed', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/aigc');
    await dismissWelcomeDialogs(page);
    // The session ends elsewhere (another device logged out, or it expired); this page learns at its next call.
    await callApi('DELETE', '/auth/logout', { token });
    await page.goto(`${baseUrl}/userCenter`);

    await page.getByTestId('login-session-ended').waitFor({ state: 'visible' });
    await page.locator('.ant-modal-wrap:has([data-testid="login-dialog"]) .ant-modal-close').click();
    await expect.poll(() => pathOf(page.url())).toBe('/');
    await page.getByTestId('login-button').waitFor({ state: 'visible' });
  });

  it('reflects a logout in one tab in the other tabs', async () => {
    const { page, context, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/aigc');
    await dismissWelcomeDialogs(page);
    const other = await context.newPage();
    await other.goto(`${baseUrl}/userCenter`);
    await other.getByTestId('user-avatar').waitFor({ state: 'visible' });

    await logOut(page);
    await page.getByTestId('login-button').waitFor({ state: 'visible' });

    await other.getByTestId('login-button').waitFor({ state: 'visible' });
    expect(await other.getByTestId('user-avatar').count()).toBe(0);
    await expect.poll(() => pathOf(other.url())).toBe('/');
  });
});
