import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, PHONE, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, dismissWelcomeDialogs, openSignedIn, type Language } from '../support/console.js';
import { registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
afterEach(() => session.close());

/** A phone user on the recharge page, who chooses Alipay for an amount of their own and presses the button. */
async function payByAlipayOnPhone(language: Language, amount: number) {
  session = await openBrowser({ viewport: PHONE, locale: language });
  const { page, baseUrl } = session;
  const { token } = await registerByEmail();
  await chooseLanguage(page, baseUrl, language);
  await openSignedIn(page, baseUrl, token, '/voucherCenter');
  await dismissWelcomeDialogs(page);
  await page.getByTestId('recharge-preset-other').click();
  await page.getByTestId('recharge-other').fill(String(amount));
  await page.getByText(language === 'zh-CN' ? '支付宝' : 'Alipay', { exact: true }).click();
  await page.getByTestId('recharge-submit').click();
  // No QR on a phone: the browser itself goes to the payment page (the sandbox cashier stands in for Alipay's).
  await page.waitForURL(/\/payments\/sandbox\/cashier\?orderNo=R\d{20}$/);
  expect(await page.getByTestId('recharge-qr').count()).toBe(0);
  return page;
}

describe('recharging by Alipay on a phone', () => {
  it('pays at Alipay’s page and comes back to the recharge page showing the order paid and the new balance', async () => {
    const page = await payByAlipayOnPhone('zh-CN', 66);
    const orderNo = await page.getByTestId('cashier-order-no').textContent();
    expect(await page.getByTestId('cashier-amount').textContent()).toBe('¥66.00');
    await page.getByTestId('cashier-pay').click();

    await page.waitForURL(`**/voucherCenter?tab=recharge&orderNo=${orderNo}`, { timeout: 30_000 });
    const outcome = page.getByTestId('recharge-outcome-paid');
    await outcome.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await outcome.textContent()).toContain('充值成功');
    await expect.poll(() => page.getByTestId('recharge-outcome-balance').textContent()).toBe('¥66.00');
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥66.00');

    await page.getByTestId('recharge-outcome-done').click();
    await page.getByTestId('recharge-outcome').waitFor({ state: 'detached' });
    await page.getByTestId('recharge-submit').waitFor({ state: 'visible' });
  });

  it('comes back from a payment cancelled at Alipay’s page to an order shown closed, with nothing credited', async () => {
    const page = await payByAlipayOnPhone('en-US', 40);
    await page.getByTestId('cashier-cancel').click();

    await page.waitForURL(/\/voucherCenter\?tab=recharge&orderNo=R\d{20}$/, { timeout: 30_000 });
    const outcome = page.getByTestId('recharge-outcome-closed');
    await outcome.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await outcome.textContent()).toContain('The order was not paid and is closed');
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥0.00');
  });
});
