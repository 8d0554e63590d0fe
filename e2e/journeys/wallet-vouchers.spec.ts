import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn, openWalletPage } from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

interface VoucherRow {
  name: string;
  amount: string;
  effectiveTime: string;
  expireTime: string;
}

/** An operator (granted finance with the dev tool) gives the account a voucher through the operators' call. */
async function grantVoucher(account: string, body: { amount: string; name: string; validDays: number }) {
  const operator = await registerByEmail();
  await callApi('POST', '/dev/operators/areas', { body: { account: operator.email, area: 'finance' } });
  const granted = await callApi<VoucherRow>('POST', '/admin/finance/vouchers', {
    token: operator.token,
    body: { account, kind: 'voucher', reason: 'a journey', ...body },
  });
  expect(granted.code).toBe(200);
  return granted.data;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A time as the console writes it in zh-CN (common:format.dateTime, YYYY-MM-DD HH:mm) in this machine's time zone,
 * which the browser started here shares.
 */
function shownAs(iso: string) {
  const time = new Date(iso);
  const date = `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
  return `${date} ${pad(time.getHours())}:${pad(time.getMinutes())}`;
}

/** Reads a time back from the screen, in the same time zone. */
function readShown(text: string) {
  const [date, clock] = text.split(' ');
  const [year, month, day] = date!.split('-').map(Number);
  const [hours, minutes] = clock!.split(':').map(Number);
  return new Date(year!, month! - 1, day, hours, minutes).getTime();
}

/** What the avatar dropdown says the vouchers hold, read as a person hovering the avatar would. */
async function vouchersInDropdown(page: Page) {
  await page.getByTestId('user-avatar').hover();
  const vouchers = page.getByTestId('user-summary').getByTestId('user-vouchers');
  await vouchers.waitFor({ state: 'visible' });
  return vouchers;
}

describe('vouchers', () => {
  it("shows an operator's voucher and, after a recharge of 100, the 5 yuan it earned; nothing ended, no coupons", async () => {
    const { page, context, baseUrl } = session;
    const user = await registerByEmail();
    const granted = await grantVoucher(user.email, { amount: '12.5', name: '新春礼券', validDays: 7 });

    await openSignedIn(page, baseUrl, user.token, '/voucher');
    await dismissWelcomeDialogs(page);
    const usable = page.getByTestId('voucher-table-vouchers');
    const gift = usable.locator('tbody tr.ant-table-row', { hasText: '新春礼券' });
    await gift.waitFor({ state: 'visible' });
    expect(await gift.getByTestId('voucher-status').textContent()).toBe('正常');
    const giftText = await gift.textContent();
    expect(giftText).toContain('¥12.50');
    expect(giftText).toContain('平台发放');
    expect(await gift.locator('time').nth(1).textContent()).toBe(shownAs(granted.expireTime));

    const dropdownVouchers = await vouchersInDropdown(page);
    await expect.poll(() => dropdownVouchers.textContent()).toContain('¥12.50');
    await page.mouse.move(10, 700);
    await page.getByTestId('user-summary').waitFor({ state: 'hidden' });

    // From here on the same page, never reloaded: what changes on screen is the app refreshing itself.
    await page.evaluate(() => Object.assign(window, { __sameApp: true }));
    await openWalletPage(page, 'voucherCenter', '/voucherCenter');
    await expect
      .poll(() => page.getByTestId('recharge-return-tier').first().textContent())
      .toBe('充值满 ¥100.00 送 ¥5.00 代金券，有效期 30 天');
    await page.getByTestId('recharge-submit').click();
    await page.getByTestId('recharge-sandbox').waitFor({ state: 'visible' });
    const cashierUrl = await page.getByTestId('recharge-cashier-link').getAttribute('href');
    const cashier = await context.newPage();
    await cashier.goto(new URL(cashierUrl!, baseUrl).toString());
    expect(await cashier.getByTestId('cashier-amount').textContent()).toBe('¥100.00');
    await cashier.getByTestId('cashier-pay').click();
    await expect.poll(() => cashier.getByTestId('cashier-result').textContent()).toContain('支付成功');
    await cashier.close();
    await page.getByTestId('recharge-paid').waitFor({ state: 'visible' });
    await page.getByTestId('recharge-done').click();

    // The recharge refreshed the wallet: the dropdown adds the 5 yuan it earned to the vouchers total.
    const refreshed = await vouchersInDropdown(page);
    await expect.poll(() => refreshed.textContent()).toContain('¥17.50');
    await page.mouse.move(10, 700);
    await page.getByTestId('user-summary').waitFor({ state: 'hidden' });

    await openWalletPage(page, 'voucher', '/voucher');
    const bonus = usable.locator('tbody tr.ant-table-row', { hasText: '充值返券' }).filter({ hasText: '¥5.00' });
    await bonus.waitFor({ state: 'visible' });
    expect(await bonus.getByTestId('voucher-status').textContent()).toBe('正常');
    const [effective, expires] = await bonus.locator('time').allTextContents();
    expect(readShown(expires!) - readShown(effective!)).toBe(30 * 86_400_000);
    // The one that expires first is spent first, and listed first.
    expect(await usable.locator('tbody tr.ant-table-row').count()).toBe(2);
    expect(await usable.locator('tbody tr.ant-table-row').first().textContent()).toContain('新春礼券');
    expect(await page.evaluate(() => '__sameApp' in window)).toBe(true);

    await page.getByTestId('voucher-tab-ended').click();
    await page.getByTestId('voucher-table-ended').getByText('暂无已过期或已用完的券').waitFor({ state: 'visible' });

    await page.goto(`${baseUrl}/coupon`);
    await page.getByTestId('voucher-table-coupons').getByText('暂无可用优惠券').waitFor({ state: 'visible' });
  });
});
