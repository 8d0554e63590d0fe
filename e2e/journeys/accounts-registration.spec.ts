import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, fillRegisterForm, logOut } from '../support/console.js';
import { registerByEmail, uniqueAccount } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

async function openLoginDialog() {
  const { page, baseUrl } = session;
  await page.goto(`${baseUrl}/aigc`);
  await page.getByTestId('login-button').click();
  await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
}

/** Registers a new account through the register-style form, consenting to the agreement. */
async function registerWithCode(account: string, password: string) {
  const { page } = session;
  await fillRegisterForm(page, account, password);
  await expect.poll(() => page.getByTestId('login-send-code').isDisabled()).toBe(true);
  await page.getByTestId('login-consent').check();
  await page.getByTestId('login-submit').click();
}

describe('registration and login', () => {
  it('registers by e-mail with the code from the outbox, logs out, and logs back in with the password', async () => {
    const { page } = session;
    const { email } = uniqueAccount();
    await openLoginDialog();
    await registerWithCode(email, 'journey-pass-1');
    await page.getByTestId('user-avatar').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('login-dialog').isVisible()).toBe(false);
    await dismissWelcomeDialogs(page, { afterLogin: true });

    await logOut(page);
    await page.getByTestId('login-button').waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/aigc');

    await page.getByTestId('login-button').click();
    await page.getByTestId('login-tab-account').click();
    await page.getByTestId('login-username').fill(email);
    await page.getByTestId('login-username').blur();
    await page.getByTestId('login-password').fill('journey-pass-1');
    expect(await page.getByTestId('login-register-hint').count()).toBe(0);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-avatar').waitFor({ state: 'visible' });
  });

  it('registers by phone and lands logged in', async () => {
    const { page } = session;
    const { phone } = uniqueAccount();
    await openLoginDialog();
    await registerWithCode(phone, 'journey-pass-2');
    await page.getByTestId('user-avatar').waitFor({ state: 'visible' });
    await dismissWelcomeDialogs(page, { afterLogin: true });
    await page.getByTestId('user-avatar').hover();
    await expect.poll(() => page.getByTestId('user-nickname').textContent()).toContain(phone.slice(-4));
  });

  it('refuses a wrong password without logging in', async () => {
    const { page } = session;
    const { email } = await registerByEmail();
    await openLoginDialog();
    await page.getByTestId('login-tab-account').click();
    await page.getByTestId('login-username').fill(email);
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await page.getByText('账号或密码错误').waitFor({ state: 'visible' });
    expect(await page.getByTestId('login-dialog').isVisible()).toBe(true);
    expect(await page.getByTestId('user-avatar').count()).toBe(0);
  });
});
