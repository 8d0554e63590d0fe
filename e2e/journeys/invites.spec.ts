import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LAPTOP, openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, fillRegisterForm, openSignedIn } from '../support/console.js';
import { callApi, registerByEmail, uniqueAccount } from '../support/dev-api.js';
import { runningApplication, verifyRealName } from '../support/renter.js';
import { trackWelcomeRequests } from '../support/welcome-requests.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

const TOKEN_KEY = 'suanli.access-token';

/** The invite rewards the inviter holds, as the vouchers page lists them (source 邀请奖励), as yuan text. */
async function inviteVouchersOnScreen(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/voucher`);
  const table = page.getByTestId('voucher-table-vouchers');
  await table.locator('tbody tr.ant-table-row').first().waitFor({ state: 'visible' });
  const rows = table.locator('tbody tr.ant-table-row', { hasText: '邀请奖励' });
  return (await rows.allTextContents()).map((text) => text.match(/¥\d+\.\d{2}/)?.[0]).sort();
}

/** What the invites consumer and the minute job do, by the development clock, until the rewards exist. */
async function advanceUntilRewarded(token: string, count: number) {
  for (let minutes = 0; minutes < 10; minutes += 1) {
    const vouchers = await callApi<{ rows: { source: string }[] }>('GET', '/recharge/coupon/selectVoucher', { token });
    if (vouchers.data.rows.filter((row) => row.source === 'invite').length >= count) {
      return;
    }
    await callApi('POST', '/dev/clock', { body: { advanceMinutes: 1 } });
  }
  throw new Error(`fewer than ${count} invite rewards after ten minutes`);
}

describe('invite rewards', () => {
  it('a friend registers with the link, rents and recharges, and the 5 and 10 yuan vouchers arrive once each', async () => {
    const { page, browser, baseUrl } = session;
    const inviter = await registerByEmail();
    await verifyRealName(inviter.token);
    await openSignedIn(page, baseUrl, inviter.token, '/userEncourage');
    await dismissWelcomeDialogs(page);
    const code = await page.getByTestId('invitation-code').inputValue();
    expect(code).toMatch(/^[0-9A-Z]{8}$/);
    const link = await page.getByTestId('invitation-link').inputValue();
    expect(link).toBe(`${baseUrl}/ourConsole?invitationCode=${code}`);
    await page.getByTestId('invitation-qr').locator('canvas').waitFor({ state: 'visible' });
    expect(await page.getByTestId('invite-rules').textContent()).toContain('实名认证');
    await page.getByText('还没有好友通过您的邀请注册').waitFor({ state: 'visible' });

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.getByTestId('copy-invitation-link').click();
    await page.getByText('已复制').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The friend, in a browser of their own, opens the link and registers in the login dialog it brings up.
    const friendContext = await browser.newContext({ locale: 'zh-CN', viewport: LAPTOP, reducedMotion: 'reduce' });
    trackWelcomeRequests(friendContext);
    const friendPage = await friendContext.newPage();
    await friendPage.goto(link);
    await friendPage.getByTestId('login-dialog').waitFor({ state: 'visible' });
    const { email } = uniqueAccount();
    await fillRegisterForm(friendPage, email);
    expect(await friendPage.getByTestId('login-invitation-code').inputValue()).toBe(code);
    await friendPage.getByTestId('login-consent').check();
    await friendPage.getByTestId('login-submit').click();
    await friendPage.getByTestId('user-avatar').waitFor({ state: 'visible' });
    const friendToken = (await friendPage.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY))!;

    const order = await callApi<{ orderNo: string }>('POST', '/recharge/api/wx-pay/native/', {
      token: friendToken,
      body: { amount: '20' },
    });
    await callApi('POST', `/dev/payments/${order.data.orderNo}/pay`, { body: {} });
    await verifyRealName(friendToken);
    await runningApplication(friendToken);

    await advanceUntilRewarded(inviter.token, 2);
    expect(await inviteVouchersOnScreen(page, baseUrl)).toEqual(['¥10.00', '¥5.00']);
    await page.goto(`${baseUrl}/userEncourage`);
    const friendRow = page.getByTestId('invited-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => friendRow.count(), { timeout: 30_000 }).toBe(1);
    expect(await friendRow.textContent()).toContain(email.split('@')[0]);
    expect(await friendRow.getByTestId('invited-amount').textContent()).toBe('¥15.00');

    // Minutes later, nothing has arrived twice.
    await callApi('POST', '/dev/clock', { body: { advanceMinutes: 5 } });
    expect(await inviteVouchersOnScreen(page, baseUrl)).toEqual(['¥10.00', '¥5.00']);
  });
});
