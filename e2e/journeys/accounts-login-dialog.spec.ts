import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { fillRegisterForm, openInteractive, sendCode } from '../support/console.js';
import { registerByEmail, registerByPhone, uniqueAccount } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

async function openLoginDialog(path = '/aigc') {
  const { page, baseUrl } = session;
  await page.goto(`${baseUrl}${path}`);
  await page.getByTestId('login-button').click();
  await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
}

async function closeLoginDialog() {
  const { page } = session;
  await page.locator('.ant-modal-wrap:has([data-testid="login-dialog"]) .ant-modal-close').click();
  await page.getByTestId('login-dialog').waitFor({ state: 'hidden' });
}

describe('the login dialog at its edges', () => {
  it('resets a forgotten password with a code and logs in with the new one', async () => {
    const { page } = session;
    const { email } = await registerByEmail('old-pass-1');
    await openLoginDialog();
    await page.getByTestId('login-tab-account').click();
    await page.getByTestId('login-forgot-link').click();

    await page.getByTestId('reset-account').fill(email);
    await page.getByTestId('reset-code').fill(await sendCode(page, 'reset-send-code', email));
    await page.getByTestId('reset-password').fill('new-pass-2');
    await page.getByTestId('reset-confirm').fill('new-pass-2');
    await page.getByTestId('reset-submit').click();

    // Back on the password form, the account already filled in.
    await page.getByTestId('login-password').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('login-username').inputValue()).toBe(email);
    await page.getByTestId('login-password').fill('new-pass-2');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-avatar').waitFor({ state: 'visible' });
  });

  it('keeps the typed account and the code countdown across a tab switch and a reopening', async () => {
    const { page } = session;
    const { phone } = await registerByPhone();
    await openLoginDialog();
    await page.getByTestId('login-tab-sms').click();
    await page.getByTestId('login-username').fill(phone);
    await page.getByTestId('login-send-code').click();
    await expect.poll(() => page.getByTestId('login-send-code').isDisabled()).toBe(true);

    await page.getByTestId('login-tab-account').click();
    await expect.poll(() => page.getByTestId('login-username').inputValue()).toBe(phone);
    await page.getByTestId('login-tab-sms').click();
    await expect.poll(() => page.getByTestId('login-send-code').isDisabled()).toBe(true);

    await closeLoginDialog();
    await page.getByTestId('login-button').click();
    await page.getByTestId('login-tab-sms').click();
    await expect.poll(() => page.getByTestId('login-username').inputValue()).toBe(phone);
    expect(await page.getByTestId('login-send-code').isDisabled()).toBe(true);
    expect(await page.getByTestId('login-send-code').textContent()).toMatch(/\d+/);

    // The countdown belongs to that account: another one may have its code at once.
    await page.getByTestId('login-username').fill(uniqueAccount().phone);
    await expect.poll(() => page.getByTestId('login-send-code').isDisabled()).toBe(false);
  });

  it('drops the register form as soon as the account changes', async () => {
    const { page } = session;
    await openLoginDialog();
    await page.getByTestId('login-tab-account').click();
    await page.getByTestId('login-username').fill(uniqueAccount().email);
    await page.getByTestId('login-username').blur();
    await page.getByTestId('login-register-hint').waitFor({ state: 'visible' });

    await page.getByTestId('login-username').fill('not-an-account');
    await page.getByTestId('login-register-hint').waitFor({ state: 'detached' });
    expect(await page.getByTestId('login-code').count()).toBe(0);
  });

  it('keeps an invitation code from the link through a reload until registration', async () => {
    const { page, baseUrl } = session;
    await openInteractive(page, `${baseUrl}/aigc?invitationCode=INV30D`);
    await page.goto(`${baseUrl}/aigc`);
    await page.reload();
    await openLoginDialog();
    await page.getByTestId('login-tab-account').click();
    await page.getByTestId('login-username').fill(uniqueAccount().email);
    await page.getByTestId('login-username').blur();
    await page.getByTestId('login-register-hint').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('login-invitation-code').inputValue()).toBe('INV30D');
  });

  it('asks for consent to the user agreement and the privacy policy before registering', async () => {
    const { page } = session;
    const { email } = uniqueAccount();
    await openLoginDialog();
    await fillRegisterForm(page, email);
    await page.getByTestId('login-submit').click();

    await page
      .locator('.ant-form-item:has([data-testid="login-consent"]) .ant-form-item-explain-error')
      .waitFor({ state: 'visible' });
    expect(await page.getByTestId('user-avatar').count()).toBe(0);
    const links = page.locator('.ant-form-item:has([data-testid="login-consent"]) a');
    expect(await links.count()).toBe(2);

    await page.getByTestId('login-consent').check();
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-avatar').waitFor({ state: 'visible' });
  });
});
