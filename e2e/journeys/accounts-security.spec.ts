import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn, sendCode } from '../support/console.js';
import { registerByEmail, registerByPhone, sandboxIdNumber, uniqueAccount } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

async function openSecurity(token: string) {
  const { page, baseUrl } = session;
  await openSignedIn(page, baseUrl, token, '/userCenter');
  await dismissWelcomeDialogs(page);
  await page.getByTestId('security-list').waitFor({ state: 'visible' });
}

const stateOf = (item: string) => session.page.getByTestId(`security-state-${item}`).textContent();

describe('security settings', () => {
  it('lists each item with its state and opens its form only on demand, e-mail included', async () => {
    const { page } = session;
    const { email, token } = await registerByEmail();
    await openSecurity(token);

    for (const item of ['password', 'phone', 'email', 'wechat', 'realname']) {
      await page.getByTestId(`security-item-${item}`).waitFor({ state: 'visible' });
    }
    await expect.poll(() => stateOf('email')).toContain(email.slice(-11));
    await expect.poll(() => stateOf('phone')).toContain('未绑定');
    // No form is open until an action asks for one.
    expect(await page.locator('[data-testid="security-list"] input').count()).toBe(0);

    await page.getByTestId('security-action-password').click();
    await page.getByTestId('password-current').waitFor({ state: 'visible' });
  });

  it('changes the phone in two steps: a code to the current phone, then the new phone and its code', async () => {
    const { page } = session;
    const { phone, token } = await registerByPhone();
    const next = uniqueAccount().phone;
    await openSecurity(token);
    await expect.poll(() => stateOf('phone')).toContain(phone.slice(-4));

    await page.getByTestId('security-action-phone').click();
    await expect.poll(() => page.getByTestId('phone-old-masked').textContent()).toContain(phone.slice(-4));
    await page.getByTestId('phone-old-code').fill(await sendCode(page, 'phone-old-send-code', phone));
    await page.getByTestId('phone-old-next').click();

    await page.getByTestId('phone-new').fill(next);
    await page.getByTestId('phone-code').fill(await sendCode(page, 'phone-send-code', next));
    await page.getByTestId('phone-submit').click();

    await expect.poll(() => stateOf('phone')).toContain(next.slice(-4));
    await page.getByTestId('security-dialog-phone').waitFor({ state: 'hidden' });
  });

  it('says the number is the current one when the account already has it', async () => {
    const { page } = session;
    const { phone, token } = await registerByPhone();
    await openSecurity(token);
    await page.getByTestId('security-action-phone').click();
    await page.getByTestId('phone-old-code').fill(await sendCode(page, 'phone-old-send-code', phone));
    await page.getByTestId('phone-old-next').click();

    await page.getByTestId('phone-new').fill(phone);
    await page.getByTestId('phone-send-code').click();
    await page.getByText('这是您当前绑定的手机号').first().waitFor({ state: 'visible' });
    expect(await page.getByText('已被其他账号绑定').count()).toBe(0);
  });

  it('shows a placeholder for the phone while the user loads, never "no phone bound"', async () => {
    const { page } = session;
    const { token } = await registerByPhone();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/user/getUserInfo', async (route) => {
      await held;
      await route.continue();
    });
    await openSignedIn(page, session.baseUrl, token, '/userCenter');
    await page.getByTestId('security-item-phone').waitFor({ state: 'visible' });

    await page.locator('[data-testid="security-state-phone"] .ant-skeleton').waitFor({ state: 'visible' });
    expect(await stateOf('phone')).not.toContain('未绑定');
    release();
    await expect.poll(() => stateOf('phone')).toMatch(/\d{3}\*+\d{4}/);
  });

  it('binds an e-mail to a phone account with a code sent to it', async () => {
    const { page } = session;
    const { token } = await registerByPhone();
    const { email } = uniqueAccount();
    await openSecurity(token);
    await page.getByTestId('security-action-email').click();
    await page.getByTestId('email-new').fill(email);
    await page.getByTestId('email-code').fill(await sendCode(page, 'email-send-code', email));
    await page.getByTestId('email-submit').click();

    await expect.poll(() => stateOf('email')).toContain('@example.com');
  });

  it('refuses an ID number with a wrong check digit in the form, spending no attempt', async () => {
    const { page } = session;
    const { token } = await registerByEmail();
    await openSecurity(token);
    await page.getByTestId('security-action-realname').click();
    const wrongCheckDigit = sandboxIdNumber().replace(/.$/, (digit) => (digit === '0' ? '1' : '0'));
    await page.getByTestId('realname-name').fill('李四');
    await page.getByTestId('realname-id-card').fill(wrongCheckDigit);
    await page.getByTestId('realname-submit').click();

    await page
      .locator('.ant-form-item:has([data-testid="realname-id-card"]) .ant-form-item-explain-error')
      .waitFor({ state: 'visible' });
    await page.reload();
    await dismissWelcomeDialogs(page);
    await page.getByTestId('security-action-realname').click();
    await expect.poll(() => page.getByTestId('realname-attempts-left').textContent()).toContain('3');
  });
});
