import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, registerByEmail, registerOperator } from '../support/dev-api.js';
import { verifyRealName } from '../support/renter.js';

let desk: BrowserSession;
let userSide: BrowserSession;

beforeAll(async () => {
  desk = await openBrowser();
  userSide = await openBrowser();
}, 120_000);

afterAll(async () => {
  await desk?.close();
  await userSide?.close();
});

describe('the users desk', () => {
  it('finds a user, grants a role, locks them out of their open console and lets them back in, all audited', async () => {
    const operator = await registerOperator();
    const user = await registerByEmail();
    const identity = await verifyRealName(user.token);

    // The user has the console open.
    await openSignedIn(userSide.page, userSide.baseUrl, user.token, '/aigc');
    await dismissWelcomeDialogs(userSide.page);
    await userSide.page.getByTestId('user-avatar').waitFor({ state: 'visible' });

    const { page, baseUrl } = desk;
    await chooseLanguage(page, baseUrl, 'en-US');
    await openSignedIn(page, baseUrl, operator.token, '/admin/users');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Users');
    await page.getByRole('searchbox', { name: 'Phone, e-mail, nickname or ID' }).fill(user.email.slice(0, 20));
    await page.getByRole('searchbox', { name: 'Phone, e-mail, nickname or ID' }).press('Enter');
    await expect.poll(() => page.locator('[data-testid="users-table"] tbody tr.ant-table-row').count()).toBe(1);
    await page.getByTestId('users-open').click();

    // The ID number stays masked.
    const detail = page.getByTestId('user-detail');
    await expect.poll(() => detail.textContent()).toContain('Verified');
    const idCard = await page.getByTestId('user-id-card').textContent();
    expect(idCard).toContain('*');
    expect(idCard).not.toContain(identity.idCard);

    await page.getByTestId('user-grant-role').click();
    await page.getByTestId('user-role-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'KOL' }).click();
    await page.getByTestId('user-role-dialog-reason').fill('signed the KOL agreement');
    await page.getByTestId('user-role-dialog-ok').click();
    await expect.poll(() => page.getByTestId('user-roles').textContent()).toContain('KOL');

    await page.getByTestId('user-lock').click();
    await page.getByTestId('user-lock-dialog-reason').fill('chargeback fraud');
    await page.getByTestId('user-lock-dialog-ok').click();
    await expect.poll(() => page.getByTestId('user-state').textContent()).toBe('Locked');

    // The user's session has ended: their console asks them to log in, and the login is refused.
    await userSide.page.goto(`${userSide.baseUrl}/userCenter`);
    await userSide.page.getByTestId('login-session-ended').waitFor({ state: 'visible' });
    const login = () =>
      callApi('POST', '/auth/loginByPassword', { body: { username: user.email, password: user.password } });
    expect((await login()).code).not.toBe(200);

    await page.getByTestId('user-unlock').click();
    await page.getByTestId('user-lock-dialog-reason').fill('chargeback withdrawn');
    await page.getByTestId('user-lock-dialog-ok').click();
    await expect.poll(() => page.getByTestId('user-state').textContent()).toBe('Active');
    expect((await login()).code).toBe(200);

    await page.getByTestId('admin-menu-auditLog').click();
    const audit = page.getByTestId('audit-table');
    for (const reason of ['signed the KOL agreement', 'chargeback fraud', 'chargeback withdrawn']) {
      await expect.poll(() => audit.textContent()).toContain(reason);
    }
  }, 240_000);
});
